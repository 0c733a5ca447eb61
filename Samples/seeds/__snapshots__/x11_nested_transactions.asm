; calc bytecode, format 2
; source: Samples/seeds/x11_nested_transactions.cal
.scene size 200x200 scale 1 fps 30 duration 7 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (100, 100)
  K2      number    1
  K3      number    2
  K4      point     (0, 0)
  K5      number    5
  K6      number    200
  K7      number    0

.layer LT0 plain "theLayer"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (100, 100)

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT0             ; plain "theLayer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   14 LOADK         R0, K2              ; 1
  0006    | NEWARRAY      R1, R2, 0
  0007    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0008   22 RET

.function F1 "at 1s" params 0 registers 2
  0000   15 TXBEGIN
  0001    | LOADK         R0, K3              ; 2
  0002    | TXSET         R0, animationDuration
  0003   16 GETGLOBAL     R0, G0
  0004    | LOADK         R1, K4              ; (0, 0)
  0005    | SETPROP       R0, R1, position
  0006   17 TXBEGIN
  0007    | LOADK         R0, K5              ; 5
  0008    | TXSET         R0, animationDuration
  0009   18 GETGLOBAL     R0, G0
  0010    | LOADK         R1, K6              ; 200
  0011    | SETPROP       R0, R1, zPosition
  0012   19 GETGLOBAL     R0, G0
  0013    | LOADK         R1, K7              ; 0
  0014    | SETPROP       R0, R1, opacity
  0015   20 TXCOMMIT
  0016   21 TXCOMMIT
  0017   22 RET
