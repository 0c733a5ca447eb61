; calc bytecode, format 2
; source: Samples/animation/keyframes.cal
.scene size 240x160 scale 1 fps 10 duration 3 background #ffffffff origin topLeft
.globals 4

.constants
  K0      rect      (0, 0, 16, 16)
  K1      point     (20, 20)
  K2      color     #e63946ff
  K3      number    8
  K4      number    3
  K5      point     (20, 60)
  K6      color     #2a9d8fff
  K7      enum      case 1
  K8      point     (20, 100)
  K9      color     #e9c46aff
  K10     enum      case 2
  K11     rect      (0, 0, 12, 12)
  K12     point     (20, 140)
  K13     color     #264653ff
  K14     number    6
  K15     enum      case 3
  K16     number    20
  K17     number    220
  K18     number    120
  K19     number    0
  K20     number    0.25
  K21     number    1
  K22     string    "move"
  K23     number    80
  K24     number    140
  K25     number    200
  K26     string    "step"
  K27     number    40
  K28     string    "even"
  K29     point     (80, 120)
  K30     point     (140, 150)
  K31     point     (220, 130)
  K32     string    "curve"

.layer LT0 plain "linear"
  bounds = K0                 ; (0, 0, 16, 16)
  position = K1               ; (20, 20)
  backgroundColor = K2        ; #e63946ff
  cornerRadius = K3           ; 8

.layer LT1 plain "discrete"
  bounds = K0                 ; (0, 0, 16, 16)
  position = K5               ; (20, 60)
  backgroundColor = K6        ; #2a9d8fff

.layer LT2 plain "paced"
  bounds = K0                 ; (0, 0, 16, 16)
  position = K8               ; (20, 100)
  backgroundColor = K9        ; #e9c46aff

.layer LT3 plain "cubic"
  bounds = K11                ; (0, 0, 12, 12)
  position = K12              ; (20, 140)
  backgroundColor = K13       ; #264653ff
  cornerRadius = K14          ; 6

.animation AT0 keyframe position.x
  duration = K4               ; 3

.animation AT1 keyframe position.x
  calculationMode = K7        ; .discrete
  duration = K4               ; 3

.animation AT2 keyframe position.x
  calculationMode = K10       ; .paced
  duration = K4               ; 3

.animation AT3 keyframe position
  calculationMode = K15       ; .cubic
  duration = K4               ; 3

.function F0 "main" params 0 registers 7
  0000    6 NEWLAYER      R0, LT0             ; plain "linear"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   12 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; keyframe position.x
  0007    | LOADK         R3, K16             ; 20
  0008    | LOADK         R4, K17             ; 220
  0009    | LOADK         R5, K18             ; 120
  0010    | NEWARRAY      R2, R3, 3
  0011    | ANIMSET       R1, R2, values
  0012    | LOADK         R3, K19             ; 0
  0013    | LOADK         R4, K20             ; 0.25
  0014    | LOADK         R5, K21             ; 1
  0015    | NEWARRAY      R2, R3, 3
  0016    | ANIMSET       R1, R2, keyTimes
  0017    | ANIMADD       R0, R1, K22         ; "move"
  0018   16 NEWLAYER      R0, LT1             ; plain "discrete"
  0019    | SETGLOBAL     R0, G1
  0020    | ROOT          R0
  0021    | GETGLOBAL     R1, G1
  0022    | ADDSUBLAYER   R0, R1
  0023   21 GETGLOBAL     R0, G1
  0024    | ANIMNEW       R1, AT1             ; keyframe position.x
  0025    | LOADK         R3, K16             ; 20
  0026    | LOADK         R4, K23             ; 80
  0027    | LOADK         R5, K24             ; 140
  0028    | LOADK         R6, K25             ; 200
  0029    | NEWARRAY      R2, R3, 4
  0030    | ANIMSET       R1, R2, values
  0031    | ANIMADD       R0, R1, K26         ; "step"
  0032   25 NEWLAYER      R0, LT2             ; plain "paced"
  0033    | SETGLOBAL     R0, G2
  0034    | ROOT          R0
  0035    | GETGLOBAL     R1, G2
  0036    | ADDSUBLAYER   R0, R1
  0037   30 GETGLOBAL     R0, G2
  0038    | ANIMNEW       R1, AT2             ; keyframe position.x
  0039    | LOADK         R3, K16             ; 20
  0040    | LOADK         R4, K27             ; 40
  0041    | LOADK         R5, K17             ; 220
  0042    | NEWARRAY      R2, R3, 3
  0043    | ANIMSET       R1, R2, values
  0044    | ANIMADD       R0, R1, K28         ; "even"
  0045   34 NEWLAYER      R0, LT3             ; plain "cubic"
  0046    | SETGLOBAL     R0, G3
  0047    | ROOT          R0
  0048    | GETGLOBAL     R1, G3
  0049    | ADDSUBLAYER   R0, R1
  0050   40 GETGLOBAL     R0, G3
  0051    | ANIMNEW       R1, AT3             ; keyframe position
  0052    | LOADK         R3, K12             ; (20, 140)
  0053    | LOADK         R4, K29             ; (80, 120)
  0054    | LOADK         R5, K30             ; (140, 150)
  0055    | LOADK         R6, K31             ; (220, 130)
  0056    | NEWARRAY      R2, R3, 4
  0057    | ANIMSET       R1, R2, values
  0058    | ANIMADD       R0, R1, K32         ; "curve"
  0059   47 RET
