; calc bytecode, format 2
; source: Samples/kinds/kinds.cal
.scene size 240x160 scale 1 fps 10 duration 1 background #ffffffff origin topLeft
.globals 5

.constants
  K0      rect      (10, 10, 220, 30)
  K1      string    "Hello, CAL"
  K2      number    24
  K3      color     #1d3557ff
  K4      enum      case 3
  K5      rect      (20, 50, 80, 80)
  K6      path      path(move 40, 0; line 52, 28; line 80, 30; line 58, 48; line 66, 80; line 40, 62; line 14, 80; line 22, 48; line 0, 30; line 28, 28; close)
  K7      color     #e9c46aff
  K8      number    2
  K9      enum      case 1
  K10     rect      (120, 50, 100, 80)
  K11     path      path(move 20, 0; line 80, 0; cubic 91.04569499661588, 0, 100, 8.954305003384132, 100, 20; line 100, 60; cubic 100, 71.04569499661586, 91.04569499661588, 80, 80, 80; line 20, 80; cubic 8.954305003384134, 80, 3.552713678800501e-15, 71.04569499661588, 0, 60; line 0, 20; cubic 0, 8.954305003384134, 8.954305003384126, 3.552713678800501e-15, 19.999999999999996, 0; close)
  K12     rect      (10, 140, 10, 10)
  K13     number    8
  K14     transform [1 0 0 0, 0 1 0 0, 0 0 1 0, 28 0 0 1]
  K15     number    -0.1
  K16     rect      (0, 0, 10, 10)
  K17     point     (5, 5)
  K18     number    5
  K19     color     #e63946ff
  K20     color     #a8dadcff
  K21     color     #457b9dff
  K22     point     (0, 0)
  K23     point     (1, 1)
  K24     number    10
  K25     number    0.4
  K26     number    6
  K27     size      (0, 3)

.layer LT0 text "title"
  frame = K0                  ; (10, 10, 220, 30)
  string = K1                 ; "Hello, CAL"
  fontSize = K2               ; 24
  foregroundColor = K3        ; #1d3557ff
  alignmentMode = K4          ; case 3

.layer LT1 shape "star"
  frame = K5                  ; (20, 50, 80, 80)
  path = K6                   ; path(move 40, 0; line 52, 28; line 80, 30; line 58, 48; line 66, 80; line 40, 62; line 14, 80; line 22, 48; line 0, 30; line 28, 28; close)
  fillColor = K7              ; #e9c46aff
  strokeColor = K3            ; #1d3557ff
  lineWidth = K8              ; 2
  lineJoin = K9               ; case 1

.layer LT2 shape ""
  path = K11                  ; path(move 20, 0; line 80, 0; cubic 91.04569499661588, 0, 100, 8.954305003384132, 100, 20; line 100, 60; cubic 100, 71.04569499661586, 91.04569499661588, 80, 80, 80; line 20, 80; cubic 8.954305003384134, 80, 3.552713678800501e-15, 71.04569499661588, 0, 60; line 0, 20; cubic 0, 8.954305003384134, 8.954305003384126, 3.552713678800501e-15, 19.999999999999996, 0; close)

.layer LT3 gradient "sky"
  frame = K10                 ; (120, 50, 100, 80)

.layer LT4 plain "dot"
  bounds = K16                ; (0, 0, 10, 10)
  position = K17              ; (5, 5)
  cornerRadius = K18          ; 5
  backgroundColor = K19       ; #e63946ff

.layer LT5 replicator "dots"
  frame = K12                 ; (10, 140, 10, 10)
  instanceCount = K13         ; 8
  instanceTransform = K14     ; [1 0 0 0, 0 1 0 0, 0 0 1 0, 28 0 0 1]
  instanceAlphaOffset = K15   ; -0.1

.function F0 "main" params 0 registers 5
  0000    9 NEWLAYER      R1, LT0             ; text "title"
  0001    | SETGLOBAL     R1, G0
  0002    | ROOT          R1
  0003    | GETGLOBAL     R2, G0
  0004    | ADDSUBLAYER   R1, R2
  0005   17 NEWLAYER      R1, LT1             ; shape "star"
  0006    | SETGLOBAL     R1, G1
  0007    | ROOT          R1
  0008    | GETGLOBAL     R2, G1
  0009    | ADDSUBLAYER   R1, R2
  0010   27 NEWLAYER      R1, LT3             ; gradient "sky"
  0011    | SETGLOBAL     R1, G2
  0012    | ROOT          R1
  0013    | GETGLOBAL     R2, G2
  0014    | ADDSUBLAYER   R1, R2
  0015   29 GETGLOBAL     R1, G2
  0016    | LOADK         R3, K20             ; #a8dadcff
  0017    | LOADK         R4, K21             ; #457b9dff
  0018    | NEWARRAY      R2, R3, 2
  0019    | SETPROP       R1, R2, colors
  0020   30 GETGLOBAL     R1, G2
  0021    | LOADK         R2, K22             ; (0, 0)
  0022    | SETPROP       R1, R2, startPoint
  0023   31 GETGLOBAL     R1, G2
  0024    | LOADK         R2, K23             ; (1, 1)
  0025    | SETPROP       R1, R2, endPoint
  0026   32 GETGLOBAL     R1, G2
  0027    | LOADK         R2, K24             ; 10
  0028    | SETPROP       R1, R2, cornerRadius
  0029   33 GETGLOBAL     R1, G2
  0030    | LOADK         R2, K25             ; 0.4
  0031    | SETPROP       R1, R2, shadowOpacity
  0032   34 GETGLOBAL     R1, G2
  0033    | LOADK         R2, K26             ; 6
  0034    | SETPROP       R1, R2, shadowRadius
  0035   35 GETGLOBAL     R1, G2
  0036    | LOADK         R2, K27             ; (0, 3)
  0037    | SETPROP       R1, R2, shadowOffset
  0038   36 NEWLAYER      R0, LT2             ; shape ""
  0039    | GETGLOBAL     R1, G2
  0040    | SETMASK       R1, R0
  0041   39 NEWLAYER      R1, LT5             ; replicator "dots"
  0042    | SETGLOBAL     R1, G3
  0043    | ROOT          R1
  0044    | GETGLOBAL     R2, G3
  0045    | ADDSUBLAYER   R1, R2
  0046   44 NEWLAYER      R1, LT4             ; plain "dot"
  0047    | SETGLOBAL     R1, G4
  0048    | GETGLOBAL     R1, G3
  0049    | GETGLOBAL     R2, G4
  0050    | ADDSUBLAYER   R1, R2
  0051   45 RET
