; calc bytecode, format 2
; source: Samples/seeds/x16_compass_arrow.cal
.scene size 200x100 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 60, 8)
  K1      point     (50, 50)
  K2      point     (150, 50)
  K3      number    1
  K4      transform [0.7071067811865476 0.7071067811865475 0 0, -0.7071067811865475 0.7071067811865476 0 0, 0 0 1 0, 0 0 0 1]
  K5      number    0.8
  K6      timing    cubic(0.9, 0.1, 0.7, 0.9)

.layer LT0 plain "quick"
  bounds = K0                 ; (0, 0, 60, 8)
  position = K1               ; (50, 50)

.layer LT1 plain "arrow"
  bounds = K0                 ; (0, 0, 60, 8)
  position = K2               ; (150, 50)

.function F0 "main" params 0 registers 3
  0000   11 NEWLAYER      R0, LT0             ; plain "quick"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   12 NEWLAYER      R0, LT1             ; plain "arrow"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   13 LOADK         R0, K3              ; 1
  0011    | NEWARRAY      R1, R2, 0
  0012    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0013   18 RET

.function F1 "at 1s" params 0 registers 2
  0000   14 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K4              ; [0.7071067811865476 0.7071067811865475 0 0, -0.7071067811865475 0.7071067811865476 0 0, 0 0 1 0, 0 0 0 1]
  0002    | SETPROP       R0, R1, transform
  0003   15 TXBEGIN
  0004    | LOADK         R0, K5              ; 0.8
  0005    | TXSET         R0, animationDuration
  0006    | LOADK         R0, K6              ; cubic(0.9, 0.1, 0.7, 0.9)
  0007    | TXSET         R0, animationTimingFunction
  0008   16 GETGLOBAL     R0, G1
  0009    | LOADK         R1, K4              ; [0.7071067811865476 0.7071067811865475 0 0, -0.7071067811865475 0.7071067811865476 0 0, 0 0 1 0, 0 0 0 1]
  0010    | SETPROP       R0, R1, transform
  0011   17 TXCOMMIT
  0012   18 RET
