; calc bytecode, format 2
; source: Samples/logic/bound.cal
.scene size 200x120 scale 1 fps 10 duration 2 background #ffffffff origin topLeft

.constants
  K0      rect      (0, 0, 20, 60)
  K1      point     (0.5, 1)
  K2      number    0
  K3      number    5
  K4      string    "bar"
  K5      number    30
  K6      number    35
  K7      number    100
  K8      number    1.0471975511965976
  K9      number    0.7
  K10     number    0.9
  K11     number    0.55
  K12     number    0.45
  K13     number    1
  K14     number    6.283185307179586
  K15     number    0.7853981633974483

.layer LT0 plain ""
  bounds = K0                 ; (0, 0, 20, 60)
  anchorPoint = K1            ; (0.5, 1)

.function F0 "main" params 0 registers 8
  0000    6 LOADK         R2, K2              ; 0
  0001    | LOADK         R3, K3              ; 5
  0002    | FORPREP       R2..R3, R0, +24     ; -> 0027
  0003    7 NEWLAYER      R1, LT0             ; plain ""
  0004    | LOADK         R4, K4              ; "bar"
  0005    | MOVE          R6, R0
  0006    | CALLB         R5, R6, string
  0007    | ADD           R4, R4, R5
  0008    | SETPROP       R1, R4, name
  0009    | ROOT          R4
  0010    | ADDSUBLAYER   R4, R1
  0011   10 LOADK         R4, K5              ; 30
  0012    | MUL           R5, R0, K6          ; 35
  0013    | ADD           R4, R4, R5
  0014    | LOADK         R5, K7              ; 100
  0015    | MKPOINT       R4, R4, R5
  0016    | SETPROP       R1, R4, position
  0017   11 MUL           R5, R0, K8          ; 1.0471975511965976
  0018    | LOADK         R6, K9              ; 0.7
  0019    | LOADK         R7, K10             ; 0.9
  0020    | CALLB         R4, R5, hsb
  0021    | SETPROP       R1, R4, backgroundColor
  0022   12 MOVE          R4, R1
  0023    | MOVE          R6, R0
  0024    | NEWARRAY      R5, R6, 1
  0025    | BIND          R4..R5, F1, transform.scale.y ; "transform = …"
  0026    6 FORLOOP       R2..R3, R0, -24     ; -> 0003
  0027   14 RET

.function F1 "transform = …" params 1 registers 6
  0000   12 LOADK         R1, K11             ; 0.55
  0001    | LOADK         R2, K12             ; 0.45
  0002    | NOW           R4
  0003    | DIV           R4, R4, K13         ; 1
  0004    | MUL           R4, R4, K14         ; 6.283185307179586
  0005    | MUL           R5, R0, K15         ; 0.7853981633974483
  0006    | ADD           R4, R4, R5
  0007    | CALLB         R3, R4, sin
  0008    | MUL           R2, R2, R3
  0009    | ADD           R1, R1, R2
  0010    | RETV          R1
