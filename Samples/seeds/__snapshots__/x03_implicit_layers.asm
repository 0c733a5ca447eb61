; calc bytecode, format 2
; source: Samples/seeds/x03_implicit_layers.cal
.scene size 200x200 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (60, 100)
  K2      point     (140, 100)
  K3      number    0
  K4      number    1
  K5      number    -100
  K6      number    100

.layer LT0 plain "theLayer"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (60, 100)

.layer LT1 plain "anotherLayer"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K2               ; (140, 100)
  opacity = K3                ; 0

.function F0 "main" params 0 registers 3
  0000   14 NEWLAYER      R0, LT0             ; plain "theLayer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 NEWLAYER      R0, LT1             ; plain "anotherLayer"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   16 LOADK         R0, K4              ; 1
  0011    | NEWARRAY      R1, R2, 0
  0012    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0013   21 RET

.function F1 "at 1s" params 0 registers 2
  0000   17 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K3              ; 0
  0002    | SETPROP       R0, R1, opacity
  0003   18 GETGLOBAL     R0, G0
  0004    | LOADK         R1, K5              ; -100
  0005    | SETPROP       R0, R1, zPosition
  0006   19 GETGLOBAL     R0, G1
  0007    | LOADK         R1, K4              ; 1
  0008    | SETPROP       R0, R1, opacity
  0009   20 GETGLOBAL     R0, G1
  0010    | LOADK         R1, K6              ; 100
  0011    | SETPROP       R0, R1, zPosition
  0012   21 RET
