; calc bytecode, format 2
; source: Samples/kinds/strokes.cal
.scene size 240x256 scale 1 fps 10 duration 0.1 background #ffffffff origin topLeft
.globals 17

.constants
  K0      rect      (0, 0, 240, 256)
  K1      path      path(move 20, 24; line 60, 24)
  K2      color     #1d3557ff
  K3      number    12
  K4      color     #00000000
  K5      enum      case 0
  K6      path      path(move 100, 24; line 140, 24)
  K7      enum      case 1
  K8      path      path(move 180, 24; line 220, 24)
  K9      enum      case 2
  K10     path      path(move 20, 24; line 60, 24; move 100, 24; line 140, 24; move 180, 24; line 220, 24)
  K11     color     #e63946ff
  K12     number    1
  K13     path      path(move 20, 90; line 40, 52; line 60, 90)
  K14     path      path(move 100, 90; line 120, 52; line 140, 90)
  K15     path      path(move 180, 90; line 200, 52; line 220, 90)
  K16     path      path(move 20, 145; line 30, 110; line 40, 145)
  K17     number    6
  K18     number    4
  K19     path      path(move 60, 145; line 70, 110; line 80, 145)
  K20     number    3
  K21     path      path(move 162, 127; cubic 162, 138.04569499661588, 153.04569499661588, 147, 142, 147; cubic 130.95430500338412, 147, 122, 138.04569499661588, 122, 127; cubic 122, 115.95430500338414, 130.95430500338412, 107, 142, 107; cubic 153.04569499661585, 107, 162, 115.95430500338412, 162, 127; close)
  K22     color     #2a9d8fff
  K23     number    8
  K24     number    0.1
  K25     number    0.7
  K26     path      path(move 186, 110; line 220, 110; line 220, 144; line 186, 144; close)
  K27     number    0.5
  K28     path      path(move 20, 168; line 220, 168)
  K29     color     #e76f51ff
  K30     path      path(move 20, 186; line 220, 186)
  K31     path      path(move 20, 204; line 220, 204)
  K32     path      path(move 20, 220; line 220, 220; line 220, 244; line 20, 244; close)
  K33     number    0
  K34     number    30
  K35     number    10
  K36     number    15

.layer LT0 shape "butt"
  frame = K0                  ; (0, 0, 240, 256)
  path = K1                   ; path(move 20, 24; line 60, 24)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K3              ; 12
  fillColor = K4              ; #00000000
  lineCap = K5                ; case 0

.layer LT1 shape "roundCap"
  frame = K0                  ; (0, 0, 240, 256)
  path = K6                   ; path(move 100, 24; line 140, 24)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K3              ; 12
  fillColor = K4              ; #00000000
  lineCap = K7                ; case 1

.layer LT2 shape "squareCap"
  frame = K0                  ; (0, 0, 240, 256)
  path = K8                   ; path(move 180, 24; line 220, 24)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K3              ; 12
  fillColor = K4              ; #00000000
  lineCap = K9                ; case 2

.layer LT3 shape "capPaths"
  frame = K0                  ; (0, 0, 240, 256)
  path = K10                  ; path(move 20, 24; line 60, 24; move 100, 24; line 140, 24; move 180, 24; line 220, 24)
  strokeColor = K11           ; #e63946ff
  lineWidth = K12             ; 1
  fillColor = K4              ; #00000000

.layer LT4 shape "miter"
  frame = K0                  ; (0, 0, 240, 256)
  path = K13                  ; path(move 20, 90; line 40, 52; line 60, 90)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K3              ; 12
  fillColor = K4              ; #00000000
  lineJoin = K5               ; case 0

.layer LT5 shape "roundJoin"
  frame = K0                  ; (0, 0, 240, 256)
  path = K14                  ; path(move 100, 90; line 120, 52; line 140, 90)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K3              ; 12
  fillColor = K4              ; #00000000
  lineJoin = K7               ; case 1

.layer LT6 shape "bevel"
  frame = K0                  ; (0, 0, 240, 256)
  path = K15                  ; path(move 180, 90; line 200, 52; line 220, 90)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K3              ; 12
  fillColor = K4              ; #00000000
  lineJoin = K9               ; case 2

.layer LT7 shape "limit4"
  frame = K0                  ; (0, 0, 240, 256)
  path = K16                  ; path(move 20, 145; line 30, 110; line 40, 145)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K17             ; 6
  fillColor = K4              ; #00000000
  miterLimit = K18            ; 4

.layer LT8 shape "limit3"
  frame = K0                  ; (0, 0, 240, 256)
  path = K19                  ; path(move 60, 145; line 70, 110; line 80, 145)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K17             ; 6
  fillColor = K4              ; #00000000
  miterLimit = K20            ; 3

.layer LT9 shape "ring"
  frame = K0                  ; (0, 0, 240, 256)
  path = K21                  ; path(move 162, 127; cubic 162, 138.04569499661588, 153.04569499661588, 147, 142, 147; cubic 130.95430500338412, 147, 122, 138.04569499661588, 122, 127; cubic 122, 115.95430500338414, 130.95430500338412, 107, 142, 107; cubic 153.04569499661585, 107, 162, 115.95430500338412, 162, 127; close)
  strokeColor = K22           ; #2a9d8fff
  lineWidth = K23             ; 8
  fillColor = K4              ; #00000000
  lineCap = K7                ; case 1
  strokeStart = K24           ; 0.1
  strokeEnd = K25             ; 0.7

.layer LT10 shape "half"
  frame = K0                  ; (0, 0, 240, 256)
  path = K26                  ; path(move 186, 110; line 220, 110; line 220, 144; line 186, 144; close)
  strokeColor = K22           ; #2a9d8fff
  lineWidth = K17             ; 6
  fillColor = K4              ; #00000000
  strokeEnd = K27             ; 0.5

.layer LT11 shape "dashes"
  frame = K0                  ; (0, 0, 240, 256)
  path = K28                  ; path(move 20, 168; line 220, 168)
  strokeColor = K29           ; #e76f51ff
  lineWidth = K17             ; 6
  fillColor = K4              ; #00000000

.layer LT12 shape "odd"
  frame = K0                  ; (0, 0, 240, 256)
  path = K30                  ; path(move 20, 186; line 220, 186)
  strokeColor = K29           ; #e76f51ff
  lineWidth = K17             ; 6
  fillColor = K4              ; #00000000

.layer LT13 shape "dots"
  frame = K0                  ; (0, 0, 240, 256)
  path = K31                  ; path(move 20, 204; line 220, 204)
  strokeColor = K29           ; #e76f51ff
  lineWidth = K17             ; 6
  fillColor = K4              ; #00000000
  lineCap = K7                ; case 1

.layer LT14 shape "frameDash"
  frame = K0                  ; (0, 0, 240, 256)
  path = K32                  ; path(move 20, 220; line 220, 220; line 220, 244; line 20, 244; close)
  strokeColor = K2            ; #1d3557ff
  lineWidth = K18             ; 4
  fillColor = K4              ; #00000000

.function F0 "main" params 0 registers 4
  0000   15 NEWLAYER      R0, LT0             ; shape "butt"
  0001    | SETGLOBAL     R0, G2
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G2
  0004    | ADDSUBLAYER   R0, R1
  0005   17 NEWLAYER      R0, LT1             ; shape "roundCap"
  0006    | SETGLOBAL     R0, G3
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G3
  0009    | ADDSUBLAYER   R0, R1
  0010   19 NEWLAYER      R0, LT2             ; shape "squareCap"
  0011    | SETGLOBAL     R0, G4
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G4
  0014    | ADDSUBLAYER   R0, R1
  0015   21 NEWLAYER      R0, LT3             ; shape "capPaths"
  0016    | SETGLOBAL     R0, G5
  0017    | ROOT          R0
  0018    | GETGLOBAL     R1, G5
  0019    | ADDSUBLAYER   R0, R1
  0020   26 NEWLAYER      R0, LT4             ; shape "miter"
  0021    | SETGLOBAL     R0, G6
  0022    | ROOT          R0
  0023    | GETGLOBAL     R1, G6
  0024    | ADDSUBLAYER   R0, R1
  0025   28 NEWLAYER      R0, LT5             ; shape "roundJoin"
  0026    | SETGLOBAL     R0, G7
  0027    | ROOT          R0
  0028    | GETGLOBAL     R1, G7
  0029    | ADDSUBLAYER   R0, R1
  0030   30 NEWLAYER      R0, LT6             ; shape "bevel"
  0031    | SETGLOBAL     R0, G8
  0032    | ROOT          R0
  0033    | GETGLOBAL     R1, G8
  0034    | ADDSUBLAYER   R0, R1
  0035   34 NEWLAYER      R0, LT7             ; shape "limit4"
  0036    | SETGLOBAL     R0, G9
  0037    | ROOT          R0
  0038    | GETGLOBAL     R1, G9
  0039    | ADDSUBLAYER   R0, R1
  0040   36 NEWLAYER      R0, LT8             ; shape "limit3"
  0041    | SETGLOBAL     R0, G10
  0042    | ROOT          R0
  0043    | GETGLOBAL     R1, G10
  0044    | ADDSUBLAYER   R0, R1
  0045   40 NEWLAYER      R0, LT9             ; shape "ring"
  0046    | SETGLOBAL     R0, G11
  0047    | ROOT          R0
  0048    | GETGLOBAL     R1, G11
  0049    | ADDSUBLAYER   R0, R1
  0050   42 NEWLAYER      R0, LT10            ; shape "half"
  0051    | SETGLOBAL     R0, G12
  0052    | ROOT          R0
  0053    | GETGLOBAL     R1, G12
  0054    | ADDSUBLAYER   R0, R1
  0055   46 NEWLAYER      R0, LT11            ; shape "dashes"
  0056    | SETGLOBAL     R0, G13
  0057    | ROOT          R0
  0058    | GETGLOBAL     R1, G13
  0059    | ADDSUBLAYER   R0, R1
  0060   47 GETGLOBAL     R0, G13
  0061    | LOADK         R2, K3              ; 12
  0062    | LOADK         R3, K17             ; 6
  0063    | NEWARRAY      R1, R2, 2
  0064    | SETPROP       R0, R1, lineDashPattern
  0065    | GETGLOBAL     R0, G13
  0066    | LOADK         R1, K17             ; 6
  0067    | SETPROP       R0, R1, lineDashPhase
  0068   48 NEWLAYER      R0, LT12            ; shape "odd"
  0069    | SETGLOBAL     R0, G14
  0070    | ROOT          R0
  0071    | GETGLOBAL     R1, G14
  0072    | ADDSUBLAYER   R0, R1
  0073   49 GETGLOBAL     R0, G14
  0074    | LOADK         R2, K23             ; 8
  0075    | NEWARRAY      R1, R2, 1
  0076    | SETPROP       R0, R1, lineDashPattern
  0077   50 NEWLAYER      R0, LT13            ; shape "dots"
  0078    | SETGLOBAL     R0, G15
  0079    | ROOT          R0
  0080    | GETGLOBAL     R1, G15
  0081    | ADDSUBLAYER   R0, R1
  0082   51 GETGLOBAL     R0, G15
  0083    | LOADK         R2, K33             ; 0
  0084    | LOADK         R3, K3              ; 12
  0085    | NEWARRAY      R1, R2, 2
  0086    | SETPROP       R0, R1, lineDashPattern
  0087   54 NEWLAYER      R0, LT14            ; shape "frameDash"
  0088    | SETGLOBAL     R0, G16
  0089    | ROOT          R0
  0090    | GETGLOBAL     R1, G16
  0091    | ADDSUBLAYER   R0, R1
  0092   55 GETGLOBAL     R0, G16
  0093    | LOADK         R2, K34             ; 30
  0094    | LOADK         R3, K35             ; 10
  0095    | NEWARRAY      R1, R2, 2
  0096    | SETPROP       R0, R1, lineDashPattern
  0097    | GETGLOBAL     R0, G16
  0098    | LOADK         R1, K36             ; 15
  0099    | SETPROP       R0, R1, lineDashPhase
  0100    | RET
