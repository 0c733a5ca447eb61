; calc bytecode, format 2
; source: Samples/seeds/x09_transaction_duration.cal
.scene size 100x100 scale 1 fps 30 duration 12 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (50, 50)
  K2      number    1
  K3      number    10
  K4      number    200
  K5      number    0

.layer LT0 plain "theLayer"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (50, 50)

.function F0 "main" params 0 registers 3
  0000    9 NEWLAYER      R0, LT0             ; plain "theLayer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   10 LOADK         R0, K2              ; 1
  0006    | NEWARRAY      R1, R2, 0
  0007    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0008   15 RET

.function F1 "at 1s" params 0 registers 2
  0000   11 TXBEGIN
  0001    | LOADK         R0, K3              ; 10
  0002    | TXSET         R0, animationDuration
  0003   12 GETGLOBAL     R0, G0
  0004    | LOADK         R1, K4              ; 200
  0005    | SETPROP       R0, R1, zPosition
  0006   13 GETGLOBAL     R0, G0
  0007    | LOADK         R1, K5              ; 0
  0008    | SETPROP       R0, R1, opacity
  0009   14 TXCOMMIT
  0010   15 RET
