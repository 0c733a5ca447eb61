; calc bytecode, format 2
; source: Samples/timeline/tree.cal
.scene size 200x100 scale 1 fps 10 duration 3 background #ffffffff origin topLeft
.globals 4

.constants
  K0      rect      (0, 0, 180, 40)
  K1      point     (100, 50)
  K2      color     #eeeeeeff
  K3      rect      (10, 5, 30, 30)
  K4      color     #e63946ff
  K5      rect      (20, 5, 30, 30)
  K6      color     #2a9d8fff
  K7      rect      (30, 5, 30, 30)
  K8      color     #e9c46aff
  K9      rect      (120, 30, 30, 30)
  K10     color     #264653ff
  K11     number    1
  K12     number    2
  K13     number    2.5
  K14     number    0
  K15     string    "d"

.layer LT0 plain "a"
  frame = K3                  ; (10, 5, 30, 30)
  backgroundColor = K4        ; #e63946ff

.layer LT1 plain "b"
  frame = K5                  ; (20, 5, 30, 30)
  backgroundColor = K6        ; #2a9d8fff

.layer LT2 plain "c"
  frame = K7                  ; (30, 5, 30, 30)
  backgroundColor = K8        ; #e9c46aff

.layer LT3 plain "shelf"
  bounds = K0                 ; (0, 0, 180, 40)
  position = K1               ; (100, 50)
  backgroundColor = K2        ; #eeeeeeff

.layer LT4 plain "d"
  frame = K9                  ; (120, 30, 30, 30)
  backgroundColor = K10       ; #264653ff

.function F0 "main" params 0 registers 3
  0000    6 NEWLAYER      R0, LT3             ; plain "shelf"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   10 NEWLAYER      R0, LT0             ; plain "a"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   11 NEWLAYER      R0, LT1             ; plain "b"
  0011    | SETGLOBAL     R0, G2
  0012    | GETGLOBAL     R0, G0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015   12 NEWLAYER      R0, LT2             ; plain "c"
  0016    | SETGLOBAL     R0, G3
  0017    | GETGLOBAL     R0, G0
  0018    | GETGLOBAL     R1, G3
  0019    | ADDSUBLAYER   R0, R1
  0020   15 LOADK         R0, K11             ; 1
  0021    | NEWARRAY      R1, R2, 0
  0022    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0023   16 LOADK         R0, K12             ; 2
  0024    | NEWARRAY      R1, R2, 0
  0025    | SCHEDULE      R0, R1, F2          ; "at 2s"
  0026   17 LOADK         R0, K13             ; 2.5
  0027    | NEWARRAY      R1, R2, 0
  0028    | SCHEDULE      R0, R1, F3          ; "at 2.5s"
  0029   20 RET

.function F1 "at 1s" params 0 registers 3
  0000   15 GETGLOBAL     R0, G0
  0001    | GETGLOBAL     R1, G3
  0002    | LOADK         R2, K14             ; 0
  0003    | INSERTAT      R0, R1, R2
  0004    | RET

.function F2 "at 2s" params 0 registers 3
  0000   16 GETGLOBAL     R0, G0
  0001    | GETGLOBAL     R1, G1
  0002    | GETGLOBAL     R2, G2
  0003    | INSERTABOVE   R0, R1, R2
  0004    | RET

.function F3 "at 2.5s" params 0 registers 4
  0000   18 NEWLAYER      R0, LT4             ; plain "d"
  0001    | ROOT          R1
  0002    | ADDSUBLAYER   R1, R0
  0003   19 GETGLOBAL     R1, G0
  0004    | GETGLOBAL     R2, G2
  0005    | LOADK         R3, K15             ; "d"
  0006    | NAMED         R3, R3
  0007    | REPLACESUB    R1, R2, R3
  0008   20 RET
