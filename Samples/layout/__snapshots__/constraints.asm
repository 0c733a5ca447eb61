; calc bytecode, format 5
; source: Samples/layout/constraints.cal
.scene size 240x180 scale 1 fps 10 duration 1 background #ffffffff origin topLeft
.globals 6

.constants
  K0      rect      (0, 0, 160, 120)
  K1      point     (120, 80)
  K2      color     #f1faeeff
  K3      number    220
  K4      number    0.9
  K5      enum      case 1
  K6      bool      false
  K7      rect      (0, 0, 100, 25)
  K8      number    2
  K9      color     #1d3557ff
  K10     color     #e63946ff
  K11     rect      (0, 0, 10, 14)
  K12     color     #457b9dff
  K13     rect      (0, 0, 30, 20)
  K14     point     (30, 160)
  K15     color     #2a9d8fff
  K16     string    "cells"
  K17     number    12
  K18     point     (204, 160)
  K19     rect      (0, 0, 1, 2)
  K20     string    "grow"
  K21     string    "superlayer"
  K22     number    1
  K23     number    0
  K24     string    "layerA"
  K25     number    -10
  K26     number    10
  K27     number    -8
  K28     number    4
  K29     string    "cell"
  K30     number    6
  K31     string    "label"
  K32     number    0.5
  K33     string    "cell1"
  K34     string    "cell0"

.layer LT0 plain "layerA"
  bounds = K7                 ; (0, 0, 100, 25)
  borderWidth = K8            ; 2
  borderColor = K9            ; #1d3557ff

.layer LT1 plain "layerB"
  backgroundColor = K10       ; #e63946ff

.layer LT2 plain "footer"
  bounds = K11                ; (0, 0, 10, 14)
  backgroundColor = K12       ; #457b9dff

.layer LT3 plain "panel"
  bounds = K0                 ; (0, 0, 160, 120)
  position = K1               ; (120, 80)
  backgroundColor = K2        ; #f1faeeff

.layer LT4 plain ""
  bounds = K13                ; (0, 0, 30, 20)
  position = K14              ; (30, 160)
  backgroundColor = K15       ; #2a9d8fff

.layer LT5 text "label"
  string = K16                ; "cells"
  fontSize = K17              ; 12
  position = K18              ; (204, 160)
  foregroundColor = K9        ; #1d3557ff

.layer LT6 plain "rule"
  bounds = K19                ; (0, 0, 1, 2)
  backgroundColor = K10       ; #e63946ff

.animation AT0 basic bounds.size.width
  to = K3                     ; 220
  duration = K4               ; 0.9
  fillMode = K5               ; .forwards
  removedOnCompletion = K6    ; false

.function F0 "main" params 0 registers 9
  0000   11 NEWLAYER      R2, LT3             ; plain "panel"
  0001    | SETGLOBAL     R2, G0
  0002    | ROOT          R2
  0003    | GETGLOBAL     R3, G0
  0004    | ADDSUBLAYER   R2, R3
  0005   15 GETGLOBAL     R2, G0
  0006    | ANIMNEW       R3, AT0             ; basic bounds.size.width
  0007    | ANIMADD       R2, R3, K20         ; "grow"
  0008   17 NEWLAYER      R2, LT0             ; plain "layerA"
  0009    | SETGLOBAL     R2, G1
  0010    | GETGLOBAL     R2, G0
  0011    | GETGLOBAL     R3, G1
  0012    | ADDSUBLAYER   R2, R3
  0013   21 GETGLOBAL     R2, G1
  0014    | LOADK         R3, K21             ; "superlayer"
  0015    | LOADK         R4, K22             ; 1
  0016    | LOADK         R5, K23             ; 0
  0017    | CONSTRAIN     R2, R3..R5, midY=midY
  0018    | GETGLOBAL     R2, G1
  0019    | LOADK         R3, K21             ; "superlayer"
  0020    | LOADK         R4, K22             ; 1
  0021    | LOADK         R5, K23             ; 0
  0022    | CONSTRAIN     R2, R3..R5, midX=midX
  0023   23 NEWLAYER      R2, LT1             ; plain "layerB"
  0024    | SETGLOBAL     R2, G2
  0025    | GETGLOBAL     R2, G0
  0026    | GETGLOBAL     R3, G2
  0027    | ADDSUBLAYER   R2, R3
  0028   26 GETGLOBAL     R2, G2
  0029    | LOADK         R3, K24             ; "layerA"
  0030    | LOADK         R4, K22             ; 1
  0031    | LOADK         R5, K23             ; 0
  0032    | CONSTRAIN     R2, R3..R5, width=width
  0033   27 GETGLOBAL     R2, G2
  0034    | LOADK         R3, K24             ; "layerA"
  0035    | LOADK         R4, K22             ; 1
  0036    | LOADK         R5, K23             ; 0
  0037    | CONSTRAIN     R2, R3..R5, midX=midX
  0038   28 GETGLOBAL     R2, G2
  0039    | LOADK         R3, K24             ; "layerA"
  0040    | LOADK         R4, K22             ; 1
  0041    | LOADK         R5, K25             ; -10
  0042    | CONSTRAIN     R2, R3..R5, maxY=minY
  0043   29 GETGLOBAL     R2, G2
  0044    | LOADK         R3, K21             ; "superlayer"
  0045    | LOADK         R4, K22             ; 1
  0046    | LOADK         R5, K26             ; 10
  0047    | CONSTRAIN     R2, R3..R5, minY=minY
  0048   32 NEWLAYER      R2, LT2             ; plain "footer"
  0049    | SETGLOBAL     R2, G3
  0050    | GETGLOBAL     R2, G0
  0051    | GETGLOBAL     R3, G3
  0052    | ADDSUBLAYER   R2, R3
  0053   35 GETGLOBAL     R2, G3
  0054    | LOADK         R3, K21             ; "superlayer"
  0055    | LOADK         R4, K22             ; 1
  0056    | LOADK         R5, K26             ; 10
  0057    | CONSTRAIN     R2, R3..R5, minX=minX
  0058    | GETGLOBAL     R2, G3
  0059    | LOADK         R3, K21             ; "superlayer"
  0060    | LOADK         R4, K22             ; 1
  0061    | LOADK         R5, K25             ; -10
  0062    | CONSTRAIN     R2, R3..R5, maxX=maxX
  0063    | GETGLOBAL     R2, G3
  0064    | LOADK         R3, K21             ; "superlayer"
  0065    | LOADK         R4, K22             ; 1
  0066    | LOADK         R5, K27             ; -8
  0067    | CONSTRAIN     R2, R3..R5, maxY=maxY
  0068   39 LOADK         R2, K23             ; 0
  0069    | LOADK         R3, K28             ; 4
  0070    | FORPREP       R2..R3, R0, +26     ; -> 0097
  0071   40 NEWLAYER      R1, LT4             ; plain ""
  0072    | LOADK         R4, K29             ; "cell"
  0073    | MOVE          R6, R0
  0074    | CALLB         R5, R6, string
  0075    | ADD           R4, R4, R5
  0076    | SETPROP       R1, R4, name
  0077    | ROOT          R4
  0078    | ADDSUBLAYER   R4, R1
  0079   44 LOADK         R4, K23             ; 0
  0080    | LT            R4, R4, R0
  0081    | JMPIFNOT      R4, +14             ; -> 0096
  0082    | LOADK         R4, K29             ; "cell"
  0083    | SUB           R8, R0, K22         ; 1
  0084    | CALLB         R7, R8, string
  0085    | ADD           R4, R4, R7
  0086    | LOADK         R5, K22             ; 1
  0087    | LOADK         R6, K30             ; 6
  0088    | CONSTRAIN     R1, R4..R6, minX=maxX
  0089    | LOADK         R4, K29             ; "cell"
  0090    | SUB           R8, R0, K22         ; 1
  0091    | CALLB         R7, R8, string
  0092    | ADD           R4, R4, R7
  0093    | LOADK         R5, K22             ; 1
  0094    | LOADK         R6, K23             ; 0
  0095    | CONSTRAIN     R1, R4..R6, midY=midY
  0096   39 FORLOOP       R2..R3, R0, -26     ; -> 0071
  0097   48 NEWLAYER      R2, LT5             ; text "label"
  0098    | SETGLOBAL     R2, G4
  0099    | ROOT          R2
  0100    | GETGLOBAL     R3, G4
  0101    | ADDSUBLAYER   R2, R3
  0102   49 NEWLAYER      R2, LT6             ; plain "rule"
  0103    | SETGLOBAL     R2, G5
  0104    | ROOT          R2
  0105    | GETGLOBAL     R3, G5
  0106    | ADDSUBLAYER   R2, R3
  0107   52 GETGLOBAL     R2, G5
  0108    | LOADK         R3, K31             ; "label"
  0109    | LOADK         R4, K22             ; 1
  0110    | LOADK         R5, K23             ; 0
  0111    | CONSTRAIN     R2, R3..R5, minX=minX
  0112    | GETGLOBAL     R2, G5
  0113    | LOADK         R3, K31             ; "label"
  0114    | LOADK         R4, K22             ; 1
  0115    | LOADK         R5, K23             ; 0
  0116    | CONSTRAIN     R2, R3..R5, maxX=maxX
  0117    | GETGLOBAL     R2, G5
  0118    | LOADK         R3, K31             ; "label"
  0119    | LOADK         R4, K22             ; 1
  0120    | LOADK         R5, K22             ; 1
  0121    | CONSTRAIN     R2, R3..R5, minY=maxY
  0122   55 LOADK         R2, K32             ; 0.5
  0123    | NEWARRAY      R3, R4, 0
  0124    | SCHEDULE      R2, R3, F1          ; "at 0.5s"
  0125   58 RET

.function F1 "at 0.5s" params 0 registers 5
  0000   56 GETGLOBAL     R1, G3
  0001    | UNCONSTRAIN   R1
  0002    | GETGLOBAL     R1, G3
  0003    | LOADK         R2, K21             ; "superlayer"
  0004    | LOADK         R3, K22             ; 1
  0005    | LOADK         R4, K26             ; 10
  0006    | CONSTRAIN     R1, R2..R4, minX=minX
  0007    | GETGLOBAL     R1, G3
  0008    | LOADK         R2, K21             ; "superlayer"
  0009    | LOADK         R3, K32             ; 0.5
  0010    | LOADK         R4, K23             ; 0
  0011    | CONSTRAIN     R1, R2..R4, width=width
  0012    | GETGLOBAL     R1, G3
  0013    | LOADK         R2, K21             ; "superlayer"
  0014    | LOADK         R3, K22             ; 1
  0015    | LOADK         R4, K27             ; -8
  0016    | CONSTRAIN     R1, R2..R4, maxY=maxY
  0017   57 LOADK         R1, K33             ; "cell1"
  0018    | NAMED         R0, R1
  0019    | UNCONSTRAIN   R0
  0020    | LOADK         R1, K34             ; "cell0"
  0021    | LOADK         R2, K22             ; 1
  0022    | LOADK         R3, K23             ; 0
  0023    | CONSTRAIN     R0, R1..R3, minX=minX
  0024    | LOADK         R1, K34             ; "cell0"
  0025    | LOADK         R2, K22             ; 1
  0026    | LOADK         R3, K8              ; 2
  0027    | CONSTRAIN     R0, R1..R3, minY=maxY
  0028   58 RET
