; calc bytecode, format 2
; source: Samples/transactions/implicit.cal
.scene size 200x100 scale 1 fps 20 duration 2.5 background #ffffffff origin topLeft
.globals 3

.constants
  K0      rect      (0, 0, 20, 20)
  K1      point     (20, 20)
  K2      color     #0000ffff
  K3      point     (20, 50)
  K4      color     #ff8800ff
  K5      point     (20, 80)
  K6      color     #008800ff
  K7      number    0.5
  K8      number    180
  K9      number    1
  K10     timing    linear
  K11     point     (180, 50)

.layer LT0 plain "a"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K1               ; (20, 20)
  backgroundColor = K2        ; #0000ffff

.layer LT1 plain "b"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K3               ; (20, 50)
  backgroundColor = K4        ; #ff8800ff

.layer LT2 plain "c"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K5               ; (20, 80)
  backgroundColor = K6        ; #008800ff

.function F0 "main" params 0 registers 3
  0000   12 NEWLAYER      R0, LT0             ; plain "a"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   18 NEWLAYER      R0, LT1             ; plain "b"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   24 NEWLAYER      R0, LT2             ; plain "c"
  0011    | SETGLOBAL     R0, G2
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015   30 LOADK         R0, K7              ; 0.5
  0016    | NEWARRAY      R1, R2, 0
  0017    | SCHEDULE      R0, R1, F1          ; "at 0.5s"
  0018   38 RET

.function F1 "at 0.5s" params 0 registers 2
  0000   31 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K8              ; 180
  0002    | SETPROP       R0, R1, position.x
  0003   32 TXBEGIN
  0004    | LOADK         R0, K9              ; 1
  0005    | TXSET         R0, animationDuration
  0006    | LOADK         R0, K10             ; linear
  0007    | TXSET         R0, animationTimingFunction
  0008   33 GETGLOBAL     R0, G1
  0009    | LOADK         R1, K11             ; (180, 50)
  0010    | SETPROP       R0, R1, position
  0011   34 TXCOMMIT
  0012   35 TXBEGIN
  0013    | LOADBOOL      R0, 1
  0014    | TXSET         R0, disableActions
  0015   36 GETGLOBAL     R0, G2
  0016    | LOADK         R1, K8              ; 180
  0017    | SETPROP       R0, R1, position.x
  0018   37 TXCOMMIT
  0019   38 RET
