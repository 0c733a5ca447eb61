; calc bytecode, format 2
; source: Samples/logic/bound.cal
.scene size 200x120 scale 1 fps 10 duration 2 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 20, 60)
  K1      point     (0.5, 1)
  K2      rect      (0, 0, 12, 12)
  K3      point     (185, 15)
  K4      number    6
  K5      number    0
  K6      number    5
  K7      string    "bar"
  K8      number    30
  K9      number    35
  K10     number    100
  K11     number    1.0471975511965976
  K12     number    0.7
  K13     number    0.9
  K14     number    0.55
  K15     number    0.45
  K16     number    1
  K17     number    6.283185307179586
  K18     number    0.7853981633974483
  K19     number    0.5
  K20     color     #b0b0b0ff
  K21     color     #2a9d8fff

.layer LT0 plain ""
  bounds = K0                 ; (0, 0, 20, 60)
  anchorPoint = K1            ; (0.5, 1)

.layer LT1 plain "lamp"
  bounds = K2                 ; (0, 0, 12, 12)
  position = K3               ; (185, 15)
  cornerRadius = K4           ; 6

.function F0 "main" params 0 registers 8
  0000    7 LOADK         R2, K5              ; 0
  0001    | LOADK         R3, K6              ; 5
  0002    | FORPREP       R2..R3, R0, +24     ; -> 0027
  0003    8 NEWLAYER      R1, LT0             ; plain ""
  0004    | LOADK         R4, K7              ; "bar"
  0005    | MOVE          R6, R0
  0006    | CALLB         R5, R6, string
  0007    | ADD           R4, R4, R5
  0008    | SETPROP       R1, R4, name
  0009    | ROOT          R4
  0010    | ADDSUBLAYER   R4, R1
  0011   11 LOADK         R4, K8              ; 30
  0012    | MUL           R5, R0, K9          ; 35
  0013    | ADD           R4, R4, R5
  0014    | LOADK         R5, K10             ; 100
  0015    | MKPOINT       R4, R4, R5
  0016    | SETPROP       R1, R4, position
  0017   12 MUL           R5, R0, K11         ; 1.0471975511965976
  0018    | LOADK         R6, K12             ; 0.7
  0019    | LOADK         R7, K13             ; 0.9
  0020    | CALLB         R4, R5, hsb
  0021    | SETPROP       R1, R4, backgroundColor
  0022   13 MOVE          R4, R1
  0023    | MOVE          R6, R0
  0024    | NEWARRAY      R5, R6, 1
  0025    | BIND          R4..R5, F1, transform.scale.y ; "transform = …"
  0026    7 FORLOOP       R2..R3, R0, -24     ; -> 0003
  0027   17 NEWLAYER      R2, LT1             ; plain "lamp"
  0028    | SETGLOBAL     R2, G0
  0029    | ROOT          R2
  0030    | GETGLOBAL     R3, G0
  0031    | ADDSUBLAYER   R2, R3
  0032   21 GETGLOBAL     R2, G0
  0033    | NEWARRAY      R3, R4, 0
  0034    | BIND          R2..R3, F2, backgroundColor ; "backgroundColor = …"
  0035   22 RET

.function F1 "transform = …" params 1 registers 6
  0000   13 LOADK         R1, K14             ; 0.55
  0001    | LOADK         R2, K15             ; 0.45
  0002    | NOW           R4
  0003    | DIV           R4, R4, K16         ; 1
  0004    | MUL           R4, R4, K17         ; 6.283185307179586
  0005    | MUL           R5, R0, K18         ; 0.7853981633974483
  0006    | ADD           R4, R4, R5
  0007    | CALLB         R3, R4, sin
  0008    | MUL           R2, R2, R3
  0009    | ADD           R1, R1, R2
  0010    | RETV          R1

.function F2 "backgroundColor = …" params 0 registers 1
  0000   21 NOW           R0
  0001    | LT            R0, R0, K19         ; 0.5
  0002    | JMPIFNOT      R0, +2              ; -> 0005
  0003    | LOADK         R0, K20             ; #b0b0b0ff
  0004    | JMP           +1                  ; -> 0006
  0005    | LOADK         R0, K21             ; #2a9d8fff
  0006    | RETV          R0
