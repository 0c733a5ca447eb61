; calc bytecode, format 2
; source: Samples/seeds/x25_actions_override.cal
.scene size 120x120 scale 1 fps 30 duration 7 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 20, 20)
  K1      point     (0, 0)
  K2      number    5
  K3      string    "position"
  K4      number    1
  K5      point     (100, 100)

.layer LT0 plain "layer1"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K1               ; (0, 0)

.animation AT0 basic position
  duration = K2               ; 5

.function F0 "main" params 0 registers 3
  0000    9 NEWLAYER      R0, LT0             ; plain "layer1"
  0001    | SETGLOBAL     R0, G0
  0002   11 GETGLOBAL     R0, G0
  0003    | ANIMNEW       R1, AT0             ; basic position
  0004    | SETACTION     R0, R1, K3          ; "position"
  0005    9 ROOT          R0
  0006    | GETGLOBAL     R1, G0
  0007    | ADDSUBLAYER   R0, R1
  0008   13 LOADK         R0, K4              ; 1
  0009    | NEWARRAY      R1, R2, 0
  0010    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0011    | RET

.function F1 "at 1s" params 0 registers 2
  0000   13 TXBEGIN
  0001    | LOADK         R0, K4              ; 1
  0002    | TXSET         R0, animationDuration
  0003    | GETGLOBAL     R0, G0
  0004    | LOADK         R1, K5              ; (100, 100)
  0005    | SETPROP       R0, R1, position
  0006    | TXCOMMIT
  0007    | RET
