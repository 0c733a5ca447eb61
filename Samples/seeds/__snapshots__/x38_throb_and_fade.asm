; calc bytecode, format 2
; source: Samples/seeds/x38_throb_and_fade.cal
.scene size 200x100 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 60, 40)
  K1      point     (50, 50)
  K2      point     (150, 50)
  K3      transform [1.1 0 0 0, 0 1.1 0 0, 0 0 1 0, 0 0 0 1]
  K4      number    0.3
  K5      bool      true
  K6      number    0.2
  K7      number    1
  K8      string    ""
  K9      number    0

.layer LT0 plain "v"
  bounds = K0                 ; (0, 0, 60, 40)
  position = K1               ; (50, 50)

.layer LT1 plain "english"
  bounds = K0                 ; (0, 0, 60, 40)
  position = K2               ; (150, 50)

.animation AT0 basic transform
  to = K3                     ; [1.1 0 0 0, 0 1.1 0 0, 0 0 1 0, 0 0 0 1]
  duration = K4               ; 0.3
  autoreverses = K5           ; true

.animation AT1 basic opacity
  duration = K6               ; 0.2

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT0             ; plain "v"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   14 NEWLAYER      R0, LT1             ; plain "english"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   15 LOADK         R0, K7              ; 1
  0011    | NEWARRAY      R1, R2, 0
  0012    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0013   19 RET

.function F1 "at 1s" params 0 registers 2
  0000   16 GETGLOBAL     R0, G0
  0001    | ANIMNEW       R1, AT0             ; basic transform
  0002    | ANIMADD       R0, R1, K8          ; ""
  0003   17 TXBEGIN
  0004    | LOADBOOL      R0, 1
  0005    | TXSET         R0, disableActions
  0006    | GETGLOBAL     R0, G1
  0007    | LOADK         R1, K9              ; 0
  0008    | SETPROP       R0, R1, opacity
  0009    | TXCOMMIT
  0010   18 GETGLOBAL     R0, G1
  0011    | ANIMNEW       R1, AT1             ; basic opacity
  0012    | ANIMADD       R0, R1, K8          ; ""
  0013   19 RET
