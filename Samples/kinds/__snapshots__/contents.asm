; calc bytecode, format 6
; source: Samples/kinds/contents.cal
.scene size 240x176 scale 1 fps 10 duration 1 background #f1faeeff origin topLeft
.globals 15

.constants
  K0      rect      (8, 8, 48, 32)
  K1      enum      case 0
  K2      rect      (64, 8, 48, 32)
  K3      enum      case 1
  K4      rect      (120, 8, 48, 32)
  K5      enum      case 2
  K6      rect      (176, 8, 48, 32)
  K7      enum      case 3
  K8      rect      (8, 48, 48, 32)
  K9      enum      case 4
  K10     rect      (64, 48, 48, 32)
  K11     enum      case 5
  K12     rect      (120, 48, 48, 32)
  K13     enum      case 6
  K14     rect      (176, 48, 48, 32)
  K15     enum      case 7
  K16     rect      (8, 88, 48, 32)
  K17     enum      case 8
  K18     rect      (64, 88, 48, 32)
  K19     enum      case 9
  K20     rect      (120, 88, 48, 32)
  K21     enum      case 10
  K22     rect      (176, 88, 48, 32)
  K23     enum      case 11
  K24     rect      (8, 136, 48, 32)
  K25     image     image "badge.png"
  K26     rect      (0.5, 0, 0.5, 1)
  K27     rect      (64, 136, 48, 32)
  K28     number    2
  K29     number    1
  K30     color     #1d355740
  K31     rect      (128, 136, 104, 32)
  K32     image     image "frame9.png"
  K33     rect      (0.3333, 0.3333, 0.3334, 0.3334)

.layer LT0 plain "resize"
  frame = K0                  ; (8, 8, 48, 32)
  contentsGravity = K1        ; case 0

.layer LT1 plain "resizeAspect"
  frame = K2                  ; (64, 8, 48, 32)
  contentsGravity = K3        ; case 1

.layer LT2 plain "resizeAspectFill"
  frame = K4                  ; (120, 8, 48, 32)
  contentsGravity = K5        ; case 2

.layer LT3 plain "center"
  frame = K6                  ; (176, 8, 48, 32)
  contentsGravity = K7        ; case 3

.layer LT4 plain "top"
  frame = K8                  ; (8, 48, 48, 32)
  contentsGravity = K9        ; case 4

.layer LT5 plain "bottom"
  frame = K10                 ; (64, 48, 48, 32)
  contentsGravity = K11       ; case 5

.layer LT6 plain "left"
  frame = K12                 ; (120, 48, 48, 32)
  contentsGravity = K13       ; case 6

.layer LT7 plain "right"
  frame = K14                 ; (176, 48, 48, 32)
  contentsGravity = K15       ; case 7

.layer LT8 plain "topLeft"
  frame = K16                 ; (8, 88, 48, 32)
  contentsGravity = K17       ; case 8

.layer LT9 plain "topRight"
  frame = K18                 ; (64, 88, 48, 32)
  contentsGravity = K19       ; case 9

.layer LT10 plain "bottomLeft"
  frame = K20                 ; (120, 88, 48, 32)
  contentsGravity = K21       ; case 10

.layer LT11 plain "bottomRight"
  frame = K22                 ; (176, 88, 48, 32)
  contentsGravity = K23       ; case 11

.layer LT12 plain "half"
  frame = K24                 ; (8, 136, 48, 32)
  contents = K25              ; image "badge.png"
  contentsRect = K26          ; (0.5, 0, 0.5, 1)

.layer LT13 plain "retina"
  frame = K27                 ; (64, 136, 48, 32)
  contents = K25              ; image "badge.png"
  contentsGravity = K7        ; case 3
  contentsScale = K28         ; 2
  borderWidth = K29           ; 1
  borderColor = K30           ; #1d355740

.layer LT14 plain "nine"
  frame = K31                 ; (128, 136, 104, 32)
  contents = K32              ; image "frame9.png"
  contentsCenter = K33        ; (0.3333, 0.3333, 0.3334, 0.3334)

.function F0 "main" params 0 registers 2
  0000   15 NEWLAYER      R0, LT0             ; plain "resize"
  0001    | SETGLOBAL     R0, G0
  0002    | GETGLOBAL     R0, G0
  0003    | LOADK         R1, K25             ; image "badge.png"
  0004    | SETSTYLED     R0, R1, contents
  0005    | GETGLOBAL     R0, G0
  0006    | LOADK         R1, K29             ; 1
  0007    | SETSTYLED     R0, R1, borderWidth
  0008    | GETGLOBAL     R0, G0
  0009    | LOADK         R1, K30             ; #1d355740
  0010    | SETSTYLED     R0, R1, borderColor
  0011    | ROOT          R0
  0012    | GETGLOBAL     R1, G0
  0013    | ADDSUBLAYER   R0, R1
  0014   16 NEWLAYER      R0, LT1             ; plain "resizeAspect"
  0015    | SETGLOBAL     R0, G1
  0016    | GETGLOBAL     R0, G1
  0017    | LOADK         R1, K25             ; image "badge.png"
  0018    | SETSTYLED     R0, R1, contents
  0019    | GETGLOBAL     R0, G1
  0020    | LOADK         R1, K29             ; 1
  0021    | SETSTYLED     R0, R1, borderWidth
  0022    | GETGLOBAL     R0, G1
  0023    | LOADK         R1, K30             ; #1d355740
  0024    | SETSTYLED     R0, R1, borderColor
  0025    | ROOT          R0
  0026    | GETGLOBAL     R1, G1
  0027    | ADDSUBLAYER   R0, R1
  0028   17 NEWLAYER      R0, LT2             ; plain "resizeAspectFill"
  0029    | SETGLOBAL     R0, G2
  0030    | GETGLOBAL     R0, G2
  0031    | LOADK         R1, K25             ; image "badge.png"
  0032    | SETSTYLED     R0, R1, contents
  0033    | GETGLOBAL     R0, G2
  0034    | LOADK         R1, K29             ; 1
  0035    | SETSTYLED     R0, R1, borderWidth
  0036    | GETGLOBAL     R0, G2
  0037    | LOADK         R1, K30             ; #1d355740
  0038    | SETSTYLED     R0, R1, borderColor
  0039    | ROOT          R0
  0040    | GETGLOBAL     R1, G2
  0041    | ADDSUBLAYER   R0, R1
  0042   18 NEWLAYER      R0, LT3             ; plain "center"
  0043    | SETGLOBAL     R0, G3
  0044    | GETGLOBAL     R0, G3
  0045    | LOADK         R1, K25             ; image "badge.png"
  0046    | SETSTYLED     R0, R1, contents
  0047    | GETGLOBAL     R0, G3
  0048    | LOADK         R1, K29             ; 1
  0049    | SETSTYLED     R0, R1, borderWidth
  0050    | GETGLOBAL     R0, G3
  0051    | LOADK         R1, K30             ; #1d355740
  0052    | SETSTYLED     R0, R1, borderColor
  0053    | ROOT          R0
  0054    | GETGLOBAL     R1, G3
  0055    | ADDSUBLAYER   R0, R1
  0056   19 NEWLAYER      R0, LT4             ; plain "top"
  0057    | SETGLOBAL     R0, G4
  0058    | GETGLOBAL     R0, G4
  0059    | LOADK         R1, K25             ; image "badge.png"
  0060    | SETSTYLED     R0, R1, contents
  0061    | GETGLOBAL     R0, G4
  0062    | LOADK         R1, K29             ; 1
  0063    | SETSTYLED     R0, R1, borderWidth
  0064    | GETGLOBAL     R0, G4
  0065    | LOADK         R1, K30             ; #1d355740
  0066    | SETSTYLED     R0, R1, borderColor
  0067    | ROOT          R0
  0068    | GETGLOBAL     R1, G4
  0069    | ADDSUBLAYER   R0, R1
  0070   20 NEWLAYER      R0, LT5             ; plain "bottom"
  0071    | SETGLOBAL     R0, G5
  0072    | GETGLOBAL     R0, G5
  0073    | LOADK         R1, K25             ; image "badge.png"
  0074    | SETSTYLED     R0, R1, contents
  0075    | GETGLOBAL     R0, G5
  0076    | LOADK         R1, K29             ; 1
  0077    | SETSTYLED     R0, R1, borderWidth
  0078    | GETGLOBAL     R0, G5
  0079    | LOADK         R1, K30             ; #1d355740
  0080    | SETSTYLED     R0, R1, borderColor
  0081    | ROOT          R0
  0082    | GETGLOBAL     R1, G5
  0083    | ADDSUBLAYER   R0, R1
  0084   21 NEWLAYER      R0, LT6             ; plain "left"
  0085    | SETGLOBAL     R0, G6
  0086    | GETGLOBAL     R0, G6
  0087    | LOADK         R1, K25             ; image "badge.png"
  0088    | SETSTYLED     R0, R1, contents
  0089    | GETGLOBAL     R0, G6
  0090    | LOADK         R1, K29             ; 1
  0091    | SETSTYLED     R0, R1, borderWidth
  0092    | GETGLOBAL     R0, G6
  0093    | LOADK         R1, K30             ; #1d355740
  0094    | SETSTYLED     R0, R1, borderColor
  0095    | ROOT          R0
  0096    | GETGLOBAL     R1, G6
  0097    | ADDSUBLAYER   R0, R1
  0098   22 NEWLAYER      R0, LT7             ; plain "right"
  0099    | SETGLOBAL     R0, G7
  0100    | GETGLOBAL     R0, G7
  0101    | LOADK         R1, K25             ; image "badge.png"
  0102    | SETSTYLED     R0, R1, contents
  0103    | GETGLOBAL     R0, G7
  0104    | LOADK         R1, K29             ; 1
  0105    | SETSTYLED     R0, R1, borderWidth
  0106    | GETGLOBAL     R0, G7
  0107    | LOADK         R1, K30             ; #1d355740
  0108    | SETSTYLED     R0, R1, borderColor
  0109    | ROOT          R0
  0110    | GETGLOBAL     R1, G7
  0111    | ADDSUBLAYER   R0, R1
  0112   23 NEWLAYER      R0, LT8             ; plain "topLeft"
  0113    | SETGLOBAL     R0, G8
  0114    | GETGLOBAL     R0, G8
  0115    | LOADK         R1, K25             ; image "badge.png"
  0116    | SETSTYLED     R0, R1, contents
  0117    | GETGLOBAL     R0, G8
  0118    | LOADK         R1, K29             ; 1
  0119    | SETSTYLED     R0, R1, borderWidth
  0120    | GETGLOBAL     R0, G8
  0121    | LOADK         R1, K30             ; #1d355740
  0122    | SETSTYLED     R0, R1, borderColor
  0123    | ROOT          R0
  0124    | GETGLOBAL     R1, G8
  0125    | ADDSUBLAYER   R0, R1
  0126   24 NEWLAYER      R0, LT9             ; plain "topRight"
  0127    | SETGLOBAL     R0, G9
  0128    | GETGLOBAL     R0, G9
  0129    | LOADK         R1, K25             ; image "badge.png"
  0130    | SETSTYLED     R0, R1, contents
  0131    | GETGLOBAL     R0, G9
  0132    | LOADK         R1, K29             ; 1
  0133    | SETSTYLED     R0, R1, borderWidth
  0134    | GETGLOBAL     R0, G9
  0135    | LOADK         R1, K30             ; #1d355740
  0136    | SETSTYLED     R0, R1, borderColor
  0137    | ROOT          R0
  0138    | GETGLOBAL     R1, G9
  0139    | ADDSUBLAYER   R0, R1
  0140   25 NEWLAYER      R0, LT10            ; plain "bottomLeft"
  0141    | SETGLOBAL     R0, G10
  0142    | GETGLOBAL     R0, G10
  0143    | LOADK         R1, K25             ; image "badge.png"
  0144    | SETSTYLED     R0, R1, contents
  0145    | GETGLOBAL     R0, G10
  0146    | LOADK         R1, K29             ; 1
  0147    | SETSTYLED     R0, R1, borderWidth
  0148    | GETGLOBAL     R0, G10
  0149    | LOADK         R1, K30             ; #1d355740
  0150    | SETSTYLED     R0, R1, borderColor
  0151    | ROOT          R0
  0152    | GETGLOBAL     R1, G10
  0153    | ADDSUBLAYER   R0, R1
  0154   26 NEWLAYER      R0, LT11            ; plain "bottomRight"
  0155    | SETGLOBAL     R0, G11
  0156    | GETGLOBAL     R0, G11
  0157    | LOADK         R1, K25             ; image "badge.png"
  0158    | SETSTYLED     R0, R1, contents
  0159    | GETGLOBAL     R0, G11
  0160    | LOADK         R1, K29             ; 1
  0161    | SETSTYLED     R0, R1, borderWidth
  0162    | GETGLOBAL     R0, G11
  0163    | LOADK         R1, K30             ; #1d355740
  0164    | SETSTYLED     R0, R1, borderColor
  0165    | ROOT          R0
  0166    | GETGLOBAL     R1, G11
  0167    | ADDSUBLAYER   R0, R1
  0168   28 NEWLAYER      R0, LT12            ; plain "half"
  0169    | SETGLOBAL     R0, G12
  0170    | ROOT          R0
  0171    | GETGLOBAL     R1, G12
  0172    | ADDSUBLAYER   R0, R1
  0173   29 NEWLAYER      R0, LT13            ; plain "retina"
  0174    | SETGLOBAL     R0, G13
  0175    | ROOT          R0
  0176    | GETGLOBAL     R1, G13
  0177    | ADDSUBLAYER   R0, R1
  0178   31 NEWLAYER      R0, LT14            ; plain "nine"
  0179    | SETGLOBAL     R0, G14
  0180    | ROOT          R0
  0181    | GETGLOBAL     R1, G14
  0182    | ADDSUBLAYER   R0, R1
  0183    | RET
