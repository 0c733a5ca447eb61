; calc bytecode, format 2
; source: Samples/seeds/x10_implicit_transaction.cal
.scene size 200x200 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (100, 100)
  K2      number    1
  K3      number    0
  K4      number    -200
  K5      point     (0, 0)

.layer LT0 plain "theLayer"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (100, 100)

.function F0 "main" params 0 registers 3
  0000   12 NEWLAYER      R0, LT0             ; plain "theLayer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   13 LOADK         R0, K2              ; 1
  0006    | NEWARRAY      R1, R2, 0
  0007    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0008   17 RET

.function F1 "at 1s" params 0 registers 2
  0000   14 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K3              ; 0
  0002    | SETPROP       R0, R1, opacity
  0003   15 GETGLOBAL     R0, G0
  0004    | LOADK         R1, K4              ; -200
  0005    | SETPROP       R0, R1, zPosition
  0006   16 GETGLOBAL     R0, G0
  0007    | LOADK         R1, K5              ; (0, 0)
  0008    | SETPROP       R0, R1, position
  0009   17 RET
