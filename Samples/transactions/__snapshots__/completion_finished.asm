; calc bytecode, format 4
; source: Samples/transactions/completion_finished.cal
.scene size 120x40 scale 1 fps 10 duration 1.5 background #000000ff origin topLeft
.globals 4

.constants
  K0      rect      (0, 0, 20, 20)
  K1      color     #ff0000ff
  K2      rect      (0, 20, 20, 20)
  K3      rect      (100, 0, 20, 20)
  K4      color     #333333ff
  K5      rect      (100, 20, 20, 20)
  K6      number    0
  K7      number    0.5
  K8      number    1
  K9      timing    easeInEaseOut
  K10     number    90
  K11     color     #00ff00ff
  K12     color     #0000ffff

.layer LT0 plain "a"
  frame = K0                  ; (0, 0, 20, 20)
  backgroundColor = K1        ; #ff0000ff

.layer LT1 plain "b"
  frame = K2                  ; (0, 20, 20, 20)
  backgroundColor = K1        ; #ff0000ff

.layer LT2 plain "flagA"
  frame = K3                  ; (100, 0, 20, 20)
  backgroundColor = K4        ; #333333ff

.layer LT3 plain "flagB"
  frame = K5                  ; (100, 20, 20, 20)
  backgroundColor = K4        ; #333333ff

.function F0 "main" params 0 registers 3
  0000    6 NEWLAYER      R0, LT0             ; plain "a"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005    7 NEWLAYER      R0, LT1             ; plain "b"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010    8 NEWLAYER      R0, LT2             ; plain "flagA"
  0011    | SETGLOBAL     R0, G2
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015    9 NEWLAYER      R0, LT3             ; plain "flagB"
  0016    | SETGLOBAL     R0, G3
  0017    | ROOT          R0
  0018    | GETGLOBAL     R1, G3
  0019    | ADDSUBLAYER   R0, R1
  0020   10 LOADK         R0, K6              ; 0
  0021    | NEWARRAY      R1, R2, 0
  0022    | SCHEDULE      R0, R1, F1          ; "at 0s"
  0023   18 LOADK         R0, K7              ; 0.5
  0024    | NEWARRAY      R1, R2, 0
  0025    | SCHEDULE      R0, R1, F2          ; "at 0.5s"
  0026    | RET

.function F1 "at 0s" params 0 registers 2
  0000   11 TXBEGIN
  0001    | LOADK         R0, K8              ; 1
  0002    | TXSET         R0, animationDuration
  0003    | LOADK         R0, K9              ; easeInEaseOut
  0004    | TXSET         R0, animationTimingFunction
  0005    | LOADBOOL      R0, 0
  0006    | TXSET         R0, beginFromCurrentState
  0007    | NEWARRAY      R0, R1, 0
  0008    | TXCOMPLETIONF R0, F3              ; "animate completion"
  0009    | GETGLOBAL     R0, G0
  0010    | LOADK         R1, K10             ; 90
  0011    | SETPROP       R0, R1, position.x
  0012   13 TXCOMMIT
  0013   14 TXBEGIN
  0014    | LOADK         R0, K8              ; 1
  0015    | TXSET         R0, animationDuration
  0016    | LOADK         R0, K9              ; easeInEaseOut
  0017    | TXSET         R0, animationTimingFunction
  0018    | LOADBOOL      R0, 0
  0019    | TXSET         R0, beginFromCurrentState
  0020    | NEWARRAY      R0, R1, 0
  0021    | TXCOMPLETIONF R0, F4              ; "animate completion"
  0022    | GETGLOBAL     R0, G1
  0023    | LOADK         R1, K10             ; 90
  0024    | SETPROP       R0, R1, position.x
  0025   16 TXCOMMIT
  0026   17 RET

.function F2 "at 0.5s" params 0 registers 1
  0000   18 GETGLOBAL     R0, G1
  0001    | ANIMREMOVEALL R0
  0002    | RET

.function F3 "animate completion" params 1 registers 3
  0000   12 JMPIFNOT      R0, +4              ; -> 0005
  0001    | GETGLOBAL     R1, G2
  0002    | LOADK         R2, K11             ; #00ff00ff
  0003    | SETPROP       R1, R2, backgroundColor
  0004    | JMP           +3                  ; -> 0008
  0005    | GETGLOBAL     R1, G2
  0006    | LOADK         R2, K12             ; #0000ffff
  0007    | SETPROP       R1, R2, backgroundColor
  0008   13 RET

.function F4 "animate completion" params 1 registers 3
  0000   15 JMPIFNOT      R0, +4              ; -> 0005
  0001    | GETGLOBAL     R1, G3
  0002    | LOADK         R2, K11             ; #00ff00ff
  0003    | SETPROP       R1, R2, backgroundColor
  0004    | JMP           +3                  ; -> 0008
  0005    | GETGLOBAL     R1, G3
  0006    | LOADK         R2, K12             ; #0000ffff
  0007    | SETPROP       R1, R2, backgroundColor
  0008   16 RET
