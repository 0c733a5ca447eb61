; calc bytecode, format 4
; source: Samples/logic/tree_reads.cal
.scene size 120x60 scale 1 fps 10 duration 1 background #000000ff origin topLeft
.globals 4

.constants
  K0      rect      (0, 0, 120, 60)
  K1      rect      (10, 10, 20, 20)
  K2      color     #ff0000ff
  K3      rect      (50, 10, 20, 20)
  K4      rect      (90, 10, 20, 20)
  K5      number    0.5
  K6      number    0
  K7      number    2
  K8      number    1
  K9      number    40
  K10     color     #ffffffff

.layer LT0 plain "a"
  frame = K1                  ; (10, 10, 20, 20)
  backgroundColor = K2        ; #ff0000ff

.layer LT1 plain "b"
  frame = K3                  ; (50, 10, 20, 20)
  backgroundColor = K2        ; #ff0000ff

.layer LT2 plain "c"
  frame = K4                  ; (90, 10, 20, 20)
  backgroundColor = K2        ; #ff0000ff

.layer LT3 plain "panel"
  frame = K0                  ; (0, 0, 120, 60)

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT3             ; plain "panel"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 NEWLAYER      R0, LT0             ; plain "a"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   16 NEWLAYER      R0, LT1             ; plain "b"
  0011    | SETGLOBAL     R0, G2
  0012    | GETGLOBAL     R0, G0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015   17 NEWLAYER      R0, LT2             ; plain "c"
  0016    | SETGLOBAL     R0, G3
  0017    | GETGLOBAL     R0, G0
  0018    | GETGLOBAL     R1, G3
  0019    | ADDSUBLAYER   R0, R1
  0020   20 LOADK         R0, K5              ; 0.5
  0021    | NEWARRAY      R1, R2, 0
  0022    | SCHEDULE      R0, R1, F1          ; "at 0.5s"
  0023   28 RET

.function F1 "at 0.5s" params 0 registers 10
  0000   21 TXBEGIN
  0001    | LOADBOOL      R2, 1
  0002    | TXSET         R2, disableActions
  0003   22 GETGLOBAL     R2, G0
  0004    | SUBLAYERS     R0, R2
  0005   23 LOADK         R2, K6              ; 0
  0006    | LEN           R3, R0
  0007    | FORPREP       R2..R3, R1, +8      ; -> 0016
  0008    | GETINDEX      R4, R0, R1
  0009    | LOADK         R6, K6              ; 0
  0010    | DIV           R7, R1, K7          ; 2
  0011    | LOADK         R8, K8              ; 1
  0012    | LOADK         R9, K8              ; 1
  0013    | MKCOLOR       R5, R6..R9
  0014    | SETPROP       R4, R5, backgroundColor
  0015    | FORLOOP       R2..R3, R1, -8      ; -> 0008
  0016   24 GETGLOBAL     R2, G3
  0017    | SUPERLAYER    R2, R2
  0018    | SUBLAYERS     R2, R2
  0019    | LOADK         R3, K6              ; 0
  0020    | GETINDEX      R2, R2, R3
  0021    | LOADK         R3, K9              ; 40
  0022    | SETPROP       R2, R3, position.y
  0023   25 GETGLOBAL     R2, G3
  0024    | SUPERLAYER    R2, R2
  0025    | GETGLOBAL     R3, G0
  0026    | EQ            R2, R2, R3
  0027    | JMPIFNOT      R2, +4              ; -> 0032
  0028    | GETGLOBAL     R2, G0
  0029    | GETMASK       R2, R2
  0030    | LOADNIL       R3
  0031    | EQ            R2, R2, R3
  0032    | JMPIFNOT      R2, +4              ; -> 0037
  0033    | GETGLOBAL     R2, G2
  0034    | SUPERLAYER    R2, R2
  0035    | LOADK         R3, K7              ; 2
  0036    | SETPROP       R2, R3, borderWidth
  0037   26 GETGLOBAL     R2, G0
  0038    | LOADK         R3, K10             ; #ffffffff
  0039    | SETPROP       R2, R3, borderColor
  0040   27 TXCOMMIT
  0041   28 RET
