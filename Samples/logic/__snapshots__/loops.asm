; calc bytecode, format 2
; source: Samples/logic/loops.cal
.scene size 200x200 scale 1 fps 10 duration 0.5 background #fafafaff origin topLeft
.globals 3

.constants
  K0      rect      (0, 0, 40, 40)
  K1      point     (100, 100)
  K2      number    20
  K3      color     #1d3557ff
  K4      color     #e63946ff
  K5      color     #f4a261ff
  K6      color     #e9c46aff
  K7      color     #2a9d8fff
  K8      color     #264653ff
  K9      number    2
  K10     number    0
  K11     number    18
  K12     number    30
  K13     string    "petal"
  K14     number    64
  K15     number    4
  K16     number    -0.3490658503988659
  K17     number    0.3490658503988659
  K18     number    1
  K19     number    6.283185307179586
  K20     number    1.5707963267948966
  K21     number    100

.layer LT0 plain ""

.layer LT1 plain "hub"
  bounds = K0                 ; (0, 0, 40, 40)
  position = K1               ; (100, 100)
  cornerRadius = K2           ; 20
  backgroundColor = K3        ; #1d3557ff

.function F0 "main" params 0 registers 13
  0000   12 LOADK         R4, K4              ; #e63946ff
  0001    | LOADK         R5, K5              ; #f4a261ff
  0002    | LOADK         R6, K6              ; #e9c46aff
  0003    | LOADK         R7, K7              ; #2a9d8fff
  0004    | NEWARRAY      R3, R4, 4
  0005    | SETGLOBAL     R3, G0
  0006   13 GETGLOBAL     R3, G0
  0007    | LOADK         R4, K8              ; #264653ff
  0008    | LOADNIL       R5
  0009    | SETGLOBAL     R5, G0
  0010    | APPEND        R3, R4
  0011    | SETGLOBAL     R3, G0
  0012   14 GETGLOBAL     R3, G0
  0013    | LEN           R3, R3
  0014    | MUL           R3, R3, K9          ; 2
  0015    | SETGLOBAL     R3, G1
  0016   16 LOADK         R3, K10             ; 0
  0017    | GETGLOBAL     R4, G1
  0018    | FORPREP       R3..R4, R0, +42     ; -> 0061
  0019   17 LOADK         R1, K11             ; 18
  0020   18 MOD           R5, R0, K9          ; 2
  0021    | EQ            R5, R5, K10         ; 0
  0022    | JMPIFNOT      R5, +1              ; -> 0024
  0023    | LOADK         R1, K12             ; 30
  0024   19 NEWLAYER      R2, LT0             ; plain ""
  0025    | LOADK         R5, K13             ; "petal"
  0026    | MOVE          R7, R0
  0027    | CALLB         R6, R7, string
  0028    | ADD           R5, R5, R6
  0029    | SETPROP       R2, R5, name
  0030    | ROOT          R5
  0031    | ADDSUBLAYER   R5, R2
  0032   20 LOADK         R6, K10             ; 0
  0033    | LOADK         R7, K10             ; 0
  0034    | MOVE          R8, R1
  0035    | MOVE          R9, R1
  0036    | MKRECT        R5, R6..R9
  0037    | SETPROP       R2, R5, bounds
  0038   21 MOVE          R6, R0
  0039    | GETGLOBAL     R7, G1
  0040    | LOADK         R8, K14             ; 64
  0041    | CALL          R5, 3, F1           ; "ring"
  0042    | SETPROP       R2, R5, position
  0043   22 GETGLOBAL     R5, G0
  0044    | GETGLOBAL     R7, G0
  0045    | LEN           R7, R7
  0046    | MOD           R6, R0, R7
  0047    | GETINDEX      R5, R5, R6
  0048    | SETPROP       R2, R5, backgroundColor
  0049   23 DIV           R5, R1, K15         ; 4
  0050    | SETPROP       R2, R5, cornerRadius
  0051   24 MOVE          R10, R0
  0052    | LOADK         R11, K16            ; -0.3490658503988659
  0053    | LOADK         R12, K17            ; 0.3490658503988659
  0054    | CALLB         R6, R10, random
  0055    | LOADK         R7, K10             ; 0
  0056    | LOADK         R8, K10             ; 0
  0057    | LOADK         R9, K18             ; 1
  0058    | CALLB         R5, R6, rotate
  0059    | SETPROP       R2, R5, transform
  0060   16 FORLOOP       R3..R4, R0, -42     ; -> 0019
  0061   28 NEWLAYER      R3, LT1             ; plain "hub"
  0062    | SETGLOBAL     R3, G2
  0063    | ROOT          R3
  0064    | GETGLOBAL     R4, G2
  0065    | ADDSUBLAYER   R3, R4
  0066   33 RET

.function F1 "ring" params 3 registers 9
  0000    8 DIV           R4, R0, R1
  0001    | MUL           R4, R4, K19         ; 6.283185307179586
  0002    | SUB           R3, R4, K20         ; 1.5707963267948966
  0003    9 LOADK         R4, K21             ; 100
  0004    | MOVE          R7, R3
  0005    | CALLB         R6, R7, cos
  0006    | MUL           R5, R2, R6
  0007    | ADD           R4, R4, R5
  0008    | LOADK         R5, K21             ; 100
  0009    | MOVE          R8, R3
  0010    | CALLB         R7, R8, sin
  0011    | MUL           R6, R2, R7
  0012    | ADD           R5, R5, R6
  0013    | MKPOINT       R4, R4, R5
  0014    | RETV          R4
