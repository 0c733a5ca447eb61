; calc bytecode, format 6
; source: Samples/kinds/filters.cal
.scene size 256x176 scale 1 fps 10 duration 2 background #f1faeeff origin topLeft
.globals 24
.property "filters.gaussianBlur.inputRadius" id 32768 number = 10
.property "filters.bloom.inputRadius" id 32769 number = 10
.property "filters.bloom.inputIntensity" id 32770 number = 0.5
.property "filters.colorControls.inputSaturation" id 32771 number = 1
.property "filters.colorControls.inputBrightness" id 32772 number = 0
.property "filters.colorControls.inputContrast" id 32773 number = 1
.property "filters.posterize.inputLevels" id 32774 number = 6
.property "backgroundFilters.gaussianBlur.inputRadius" id 32775 number = 10
.property "backgroundFilters.colorControls.inputSaturation" id 32776 number = 1
.property "filters.soft.inputRadius" id 32777 number = 10

.constants
  K0      rect      (8, 12, 56, 56)
  K1      rect      (8, 8, 20, 20)
  K2      rect      (8, 38, 40, 8)
  K3      rect      (72, 12, 56, 56)
  K4      rect      (136, 12, 56, 56)
  K5      rect      (200, 12, 48, 56)
  K6      rect      (8, 38, 32, 8)
  K7      rect      (8, 100, 56, 56)
  K8      rect      (72, 96, 88, 64)
  K9      color     #ffffffff
  K10     rect      (0, 0, 12, 64)
  K11     color     #e63946ff
  K12     rect      (24, 0, 12, 64)
  K13     color     #2a9d8fff
  K14     rect      (48, 0, 12, 64)
  K15     color     #e9c46aff
  K16     rect      (72, 0, 12, 64)
  K17     color     #1d3557ff
  K18     rect      (84, 108, 64, 40)
  K19     number    10
  K20     number    1
  K21     color     #1d355760
  K22     rect      (0, 0, 56, 48)
  K23     point     (206, 128)
  K24     color     #a8dadcff
  K25     number    0
  K26     rect      (6, 36, 44, 6)
  K27     rect      (38, 6, 12, 12)
  K28     color     #f4a261ff
  K29     point     (0, 0)
  K30     point     (1, 1)
  K31     number    6
  K32     string    "gaussianBlur:gaussianBlur"
  K33     number    3
  K34     string    "bloom:bloom"
  K35     number    0.7
  K36     string    "colorControls:colorControls"
  K37     number    0.3
  K38     number    0.1
  K39     number    1.5
  K40     string    "posterize:posterize"
  K41     string    "gaussianBlur:soft"
  K42     number    4
  K43     number    0.5
  K44     string    "focus"
  K45     enum      case 1
  K46     enum      case 3
  K47     enum      case 0
  K48     size      (76, 60)
  K49     number    0.2

.layer LT0 plain "d1"
  frame = K1                  ; (8, 8, 20, 20)

.layer LT1 plain "b1"
  frame = K2                  ; (8, 38, 40, 8)

.layer LT2 gradient "plain"
  frame = K0                  ; (8, 12, 56, 56)

.layer LT3 plain "d2"
  frame = K1                  ; (8, 8, 20, 20)

.layer LT4 plain "b2"
  frame = K2                  ; (8, 38, 40, 8)

.layer LT5 gradient "blurred"
  frame = K3                  ; (72, 12, 56, 56)

.layer LT6 plain "d3"
  frame = K1                  ; (8, 8, 20, 20)

.layer LT7 plain "b3"
  frame = K2                  ; (8, 38, 40, 8)

.layer LT8 gradient "glowing"
  frame = K4                  ; (136, 12, 56, 56)

.layer LT9 plain "d4"
  frame = K1                  ; (8, 8, 20, 20)

.layer LT10 plain "b4"
  frame = K6                  ; (8, 38, 32, 8)

.layer LT11 gradient "muted"
  frame = K5                  ; (200, 12, 48, 56)

.layer LT12 plain "d5"
  frame = K1                  ; (8, 8, 20, 20)

.layer LT13 plain "b5"
  frame = K2                  ; (8, 38, 40, 8)

.layer LT14 gradient "poster"
  frame = K7                  ; (8, 100, 56, 56)

.layer LT15 plain "s1"
  frame = K10                 ; (0, 0, 12, 64)
  backgroundColor = K11       ; #e63946ff

.layer LT16 plain "s2"
  frame = K12                 ; (24, 0, 12, 64)
  backgroundColor = K13       ; #2a9d8fff

.layer LT17 plain "s3"
  frame = K14                 ; (48, 0, 12, 64)
  backgroundColor = K15       ; #e9c46aff

.layer LT18 plain "s4"
  frame = K16                 ; (72, 0, 12, 64)
  backgroundColor = K17       ; #1d3557ff

.layer LT19 plain "stripes"
  frame = K8                  ; (72, 96, 88, 64)
  backgroundColor = K9        ; #ffffffff

.layer LT20 plain "pane"
  frame = K18                 ; (84, 108, 64, 40)
  cornerRadius = K19          ; 10
  borderWidth = K20           ; 1
  borderColor = K21           ; #1d355760

.layer LT21 plain "bar"
  frame = K26                 ; (6, 36, 44, 6)
  backgroundColor = K17       ; #1d3557ff

.layer LT22 plain "badge"
  frame = K27                 ; (38, 6, 12, 12)
  backgroundColor = K11       ; #e63946ff

.layer LT23 plain "panel"
  bounds = K22                ; (0, 0, 56, 48)
  position = K23              ; (206, 128)
  backgroundColor = K24       ; #a8dadcff

.animation AT0 basic filters.soft.inputRadius
  to = K25                    ; 0
  duration = K20              ; 1

.function F0 "main" params 0 registers 5
  0000   17 NEWLAYER      R0, LT2             ; gradient "plain"
  0001    | SETGLOBAL     R0, G0
  0002    | GETGLOBAL     R0, G0
  0003    | LOADK         R2, K11             ; #e63946ff
  0004    | LOADK         R3, K28             ; #f4a261ff
  0005    | LOADK         R4, K13             ; #2a9d8fff
  0006    | NEWARRAY      R1, R2, 3
  0007    | SETSTYLED     R0, R1, colors
  0008    | GETGLOBAL     R0, G0
  0009    | LOADK         R1, K29             ; (0, 0)
  0010    | SETSTYLED     R0, R1, startPoint
  0011    | GETGLOBAL     R0, G0
  0012    | LOADK         R1, K30             ; (1, 1)
  0013    | SETSTYLED     R0, R1, endPoint
  0014    | GETGLOBAL     R0, G0
  0015    | LOADK         R1, K31             ; 6
  0016    | SETSTYLED     R0, R1, cornerRadius
  0017    | ROOT          R0
  0018    | GETGLOBAL     R1, G0
  0019    | ADDSUBLAYER   R0, R1
  0020   18 NEWLAYER      R0, LT0             ; plain "d1"
  0021    | SETGLOBAL     R0, G1
  0022    | GETGLOBAL     R0, G1
  0023    | LOADK         R1, K9              ; #ffffffff
  0024    | SETSTYLED     R0, R1, backgroundColor
  0025    | GETGLOBAL     R0, G1
  0026    | LOADK         R1, K19             ; 10
  0027    | SETSTYLED     R0, R1, cornerRadius
  0028    | GETGLOBAL     R0, G0
  0029    | GETGLOBAL     R1, G1
  0030    | ADDSUBLAYER   R0, R1
  0031   19 NEWLAYER      R0, LT1             ; plain "b1"
  0032    | SETGLOBAL     R0, G2
  0033    | GETGLOBAL     R0, G2
  0034    | LOADK         R1, K17             ; #1d3557ff
  0035    | SETSTYLED     R0, R1, backgroundColor
  0036    | GETGLOBAL     R0, G0
  0037    | GETGLOBAL     R1, G2
  0038    | ADDSUBLAYER   R0, R1
  0039   20 NEWLAYER      R0, LT5             ; gradient "blurred"
  0040    | SETGLOBAL     R0, G3
  0041    | GETGLOBAL     R0, G3
  0042    | LOADK         R2, K11             ; #e63946ff
  0043    | LOADK         R3, K28             ; #f4a261ff
  0044    | LOADK         R4, K13             ; #2a9d8fff
  0045    | NEWARRAY      R1, R2, 3
  0046    | SETSTYLED     R0, R1, colors
  0047    | GETGLOBAL     R0, G3
  0048    | LOADK         R1, K29             ; (0, 0)
  0049    | SETSTYLED     R0, R1, startPoint
  0050    | GETGLOBAL     R0, G3
  0051    | LOADK         R1, K30             ; (1, 1)
  0052    | SETSTYLED     R0, R1, endPoint
  0053    | GETGLOBAL     R0, G3
  0054    | LOADK         R1, K31             ; 6
  0055    | SETSTYLED     R0, R1, cornerRadius
  0056    | ROOT          R0
  0057    | GETGLOBAL     R1, G3
  0058    | ADDSUBLAYER   R0, R1
  0059    | GETGLOBAL     R0, G3
  0060    | LOADK         R2, K32             ; "gaussianBlur:gaussianBlur"
  0061    | NEWARRAY      R1, R2, 1
  0062    | SETPROP       R0, R1, filters
  0063    | GETGLOBAL     R0, G3
  0064    | LOADK         R1, K33             ; 3
  0065    | SETPROP       R0, R1, filters.gaussianBlur.inputRadius
  0066   21 NEWLAYER      R0, LT3             ; plain "d2"
  0067    | SETGLOBAL     R0, G4
  0068    | GETGLOBAL     R0, G4
  0069    | LOADK         R1, K9              ; #ffffffff
  0070    | SETSTYLED     R0, R1, backgroundColor
  0071    | GETGLOBAL     R0, G4
  0072    | LOADK         R1, K19             ; 10
  0073    | SETSTYLED     R0, R1, cornerRadius
  0074    | GETGLOBAL     R0, G3
  0075    | GETGLOBAL     R1, G4
  0076    | ADDSUBLAYER   R0, R1
  0077   22 NEWLAYER      R0, LT4             ; plain "b2"
  0078    | SETGLOBAL     R0, G5
  0079    | GETGLOBAL     R0, G5
  0080    | LOADK         R1, K17             ; #1d3557ff
  0081    | SETSTYLED     R0, R1, backgroundColor
  0082    | GETGLOBAL     R0, G3
  0083    | GETGLOBAL     R1, G5
  0084    | ADDSUBLAYER   R0, R1
  0085   23 NEWLAYER      R0, LT8             ; gradient "glowing"
  0086    | SETGLOBAL     R0, G6
  0087    | GETGLOBAL     R0, G6
  0088    | LOADK         R2, K11             ; #e63946ff
  0089    | LOADK         R3, K28             ; #f4a261ff
  0090    | LOADK         R4, K13             ; #2a9d8fff
  0091    | NEWARRAY      R1, R2, 3
  0092    | SETSTYLED     R0, R1, colors
  0093    | GETGLOBAL     R0, G6
  0094    | LOADK         R1, K29             ; (0, 0)
  0095    | SETSTYLED     R0, R1, startPoint
  0096    | GETGLOBAL     R0, G6
  0097    | LOADK         R1, K30             ; (1, 1)
  0098    | SETSTYLED     R0, R1, endPoint
  0099    | GETGLOBAL     R0, G6
  0100    | LOADK         R1, K31             ; 6
  0101    | SETSTYLED     R0, R1, cornerRadius
  0102    | ROOT          R0
  0103    | GETGLOBAL     R1, G6
  0104    | ADDSUBLAYER   R0, R1
  0105    | GETGLOBAL     R0, G6
  0106    | LOADK         R2, K34             ; "bloom:bloom"
  0107    | NEWARRAY      R1, R2, 1
  0108    | SETPROP       R0, R1, filters
  0109    | GETGLOBAL     R0, G6
  0110    | LOADK         R1, K31             ; 6
  0111    | SETPROP       R0, R1, filters.bloom.inputRadius
  0112    | GETGLOBAL     R0, G6
  0113    | LOADK         R1, K35             ; 0.7
  0114    | SETPROP       R0, R1, filters.bloom.inputIntensity
  0115   24 NEWLAYER      R0, LT6             ; plain "d3"
  0116    | SETGLOBAL     R0, G7
  0117    | GETGLOBAL     R0, G7
  0118    | LOADK         R1, K9              ; #ffffffff
  0119    | SETSTYLED     R0, R1, backgroundColor
  0120    | GETGLOBAL     R0, G7
  0121    | LOADK         R1, K19             ; 10
  0122    | SETSTYLED     R0, R1, cornerRadius
  0123    | GETGLOBAL     R0, G6
  0124    | GETGLOBAL     R1, G7
  0125    | ADDSUBLAYER   R0, R1
  0126   25 NEWLAYER      R0, LT7             ; plain "b3"
  0127    | SETGLOBAL     R0, G8
  0128    | GETGLOBAL     R0, G8
  0129    | LOADK         R1, K17             ; #1d3557ff
  0130    | SETSTYLED     R0, R1, backgroundColor
  0131    | GETGLOBAL     R0, G6
  0132    | GETGLOBAL     R1, G8
  0133    | ADDSUBLAYER   R0, R1
  0134   26 NEWLAYER      R0, LT11            ; gradient "muted"
  0135    | SETGLOBAL     R0, G9
  0136   27 GETGLOBAL     R0, G9
  0137    | LOADK         R2, K11             ; #e63946ff
  0138    | LOADK         R3, K28             ; #f4a261ff
  0139    | LOADK         R4, K13             ; #2a9d8fff
  0140    | NEWARRAY      R1, R2, 3
  0141    | SETSTYLED     R0, R1, colors
  0142    | GETGLOBAL     R0, G9
  0143    | LOADK         R1, K29             ; (0, 0)
  0144    | SETSTYLED     R0, R1, startPoint
  0145    | GETGLOBAL     R0, G9
  0146    | LOADK         R1, K30             ; (1, 1)
  0147    | SETSTYLED     R0, R1, endPoint
  0148    | GETGLOBAL     R0, G9
  0149    | LOADK         R1, K31             ; 6
  0150    | SETSTYLED     R0, R1, cornerRadius
  0151   26 ROOT          R0
  0152    | GETGLOBAL     R1, G9
  0153    | ADDSUBLAYER   R0, R1
  0154   28 GETGLOBAL     R0, G9
  0155    | LOADK         R2, K36             ; "colorControls:colorControls"
  0156    | NEWARRAY      R1, R2, 1
  0157    | SETPROP       R0, R1, filters
  0158    | GETGLOBAL     R0, G9
  0159    | LOADK         R1, K37             ; 0.3
  0160    | SETPROP       R0, R1, filters.colorControls.inputSaturation
  0161    | GETGLOBAL     R0, G9
  0162    | LOADK         R1, K38             ; 0.1
  0163    | SETPROP       R0, R1, filters.colorControls.inputBrightness
  0164    | GETGLOBAL     R0, G9
  0165    | LOADK         R1, K39             ; 1.5
  0166    | SETPROP       R0, R1, filters.colorControls.inputContrast
  0167   29 NEWLAYER      R0, LT9             ; plain "d4"
  0168    | SETGLOBAL     R0, G10
  0169    | GETGLOBAL     R0, G10
  0170    | LOADK         R1, K9              ; #ffffffff
  0171    | SETSTYLED     R0, R1, backgroundColor
  0172    | GETGLOBAL     R0, G10
  0173    | LOADK         R1, K19             ; 10
  0174    | SETSTYLED     R0, R1, cornerRadius
  0175    | GETGLOBAL     R0, G9
  0176    | GETGLOBAL     R1, G10
  0177    | ADDSUBLAYER   R0, R1
  0178   30 NEWLAYER      R0, LT10            ; plain "b4"
  0179    | SETGLOBAL     R0, G11
  0180    | GETGLOBAL     R0, G11
  0181    | LOADK         R1, K17             ; #1d3557ff
  0182    | SETSTYLED     R0, R1, backgroundColor
  0183    | GETGLOBAL     R0, G9
  0184    | GETGLOBAL     R1, G11
  0185    | ADDSUBLAYER   R0, R1
  0186   32 NEWLAYER      R0, LT14            ; gradient "poster"
  0187    | SETGLOBAL     R0, G12
  0188    | GETGLOBAL     R0, G12
  0189    | LOADK         R2, K11             ; #e63946ff
  0190    | LOADK         R3, K28             ; #f4a261ff
  0191    | LOADK         R4, K13             ; #2a9d8fff
  0192    | NEWARRAY      R1, R2, 3
  0193    | SETSTYLED     R0, R1, colors
  0194    | GETGLOBAL     R0, G12
  0195    | LOADK         R1, K29             ; (0, 0)
  0196    | SETSTYLED     R0, R1, startPoint
  0197    | GETGLOBAL     R0, G12
  0198    | LOADK         R1, K30             ; (1, 1)
  0199    | SETSTYLED     R0, R1, endPoint
  0200    | GETGLOBAL     R0, G12
  0201    | LOADK         R1, K31             ; 6
  0202    | SETSTYLED     R0, R1, cornerRadius
  0203    | ROOT          R0
  0204    | GETGLOBAL     R1, G12
  0205    | ADDSUBLAYER   R0, R1
  0206    | GETGLOBAL     R0, G12
  0207    | LOADK         R2, K40             ; "posterize:posterize"
  0208    | NEWARRAY      R1, R2, 1
  0209    | SETPROP       R0, R1, filters
  0210    | GETGLOBAL     R0, G12
  0211    | LOADK         R1, K33             ; 3
  0212    | SETPROP       R0, R1, filters.posterize.inputLevels
  0213   33 NEWLAYER      R0, LT12            ; plain "d5"
  0214    | SETGLOBAL     R0, G13
  0215    | GETGLOBAL     R0, G13
  0216    | LOADK         R1, K9              ; #ffffffff
  0217    | SETSTYLED     R0, R1, backgroundColor
  0218    | GETGLOBAL     R0, G13
  0219    | LOADK         R1, K19             ; 10
  0220    | SETSTYLED     R0, R1, cornerRadius
  0221    | GETGLOBAL     R0, G12
  0222    | GETGLOBAL     R1, G13
  0223    | ADDSUBLAYER   R0, R1
  0224   34 NEWLAYER      R0, LT13            ; plain "b5"
  0225    | SETGLOBAL     R0, G14
  0226    | GETGLOBAL     R0, G14
  0227    | LOADK         R1, K17             ; #1d3557ff
  0228    | SETSTYLED     R0, R1, backgroundColor
  0229    | GETGLOBAL     R0, G12
  0230    | GETGLOBAL     R1, G14
  0231    | ADDSUBLAYER   R0, R1
  0232   36 NEWLAYER      R0, LT19            ; plain "stripes"
  0233    | SETGLOBAL     R0, G15
  0234    | ROOT          R0
  0235    | GETGLOBAL     R1, G15
  0236    | ADDSUBLAYER   R0, R1
  0237   38 NEWLAYER      R0, LT15            ; plain "s1"
  0238    | SETGLOBAL     R0, G16
  0239    | GETGLOBAL     R0, G15
  0240    | GETGLOBAL     R1, G16
  0241    | ADDSUBLAYER   R0, R1
  0242   39 NEWLAYER      R0, LT16            ; plain "s2"
  0243    | SETGLOBAL     R0, G17
  0244    | GETGLOBAL     R0, G15
  0245    | GETGLOBAL     R1, G17
  0246    | ADDSUBLAYER   R0, R1
  0247   40 NEWLAYER      R0, LT17            ; plain "s3"
  0248    | SETGLOBAL     R0, G18
  0249    | GETGLOBAL     R0, G15
  0250    | GETGLOBAL     R1, G18
  0251    | ADDSUBLAYER   R0, R1
  0252   41 NEWLAYER      R0, LT18            ; plain "s4"
  0253    | SETGLOBAL     R0, G19
  0254    | GETGLOBAL     R0, G15
  0255    | GETGLOBAL     R1, G19
  0256    | ADDSUBLAYER   R0, R1
  0257   43 NEWLAYER      R0, LT20            ; plain "pane"
  0258    | SETGLOBAL     R0, G20
  0259    | ROOT          R0
  0260    | GETGLOBAL     R1, G20
  0261    | ADDSUBLAYER   R0, R1
  0262   45 GETGLOBAL     R0, G20
  0263    | LOADK         R2, K32             ; "gaussianBlur:gaussianBlur"
  0264    | LOADK         R3, K36             ; "colorControls:colorControls"
  0265    | NEWARRAY      R1, R2, 2
  0266    | SETPROP       R0, R1, backgroundFilters
  0267    | GETGLOBAL     R0, G20
  0268    | LOADK         R1, K33             ; 3
  0269    | SETPROP       R0, R1, backgroundFilters.gaussianBlur.inputRadius
  0270    | GETGLOBAL     R0, G20
  0271    | LOADK         R1, K25             ; 0
  0272    | SETPROP       R0, R1, backgroundFilters.colorControls.inputSaturation
  0273   48 NEWLAYER      R0, LT23            ; plain "panel"
  0274    | SETGLOBAL     R0, G21
  0275    | ROOT          R0
  0276    | GETGLOBAL     R1, G21
  0277    | ADDSUBLAYER   R0, R1
  0278   52 GETGLOBAL     R0, G21
  0279    | LOADK         R2, K41             ; "gaussianBlur:soft"
  0280    | LOADK         R3, K36             ; "colorControls:colorControls"
  0281    | NEWARRAY      R1, R2, 2
  0282    | SETPROP       R0, R1, filters
  0283    | GETGLOBAL     R0, G21
  0284    | LOADK         R1, K42             ; 4
  0285    | SETPROP       R0, R1, filters.soft.inputRadius
  0286    | GETGLOBAL     R0, G21
  0287    | LOADK         R1, K43             ; 0.5
  0288    | SETPROP       R0, R1, filters.colorControls.inputSaturation
  0289   53 GETGLOBAL     R0, G21
  0290    | ANIMNEW       R1, AT0             ; basic filters.soft.inputRadius
  0291    | ANIMADD       R0, R1, K44         ; "focus"
  0292   55 NEWLAYER      R0, LT21            ; plain "bar"
  0293    | SETGLOBAL     R0, G22
  0294    | GETGLOBAL     R0, G21
  0295    | GETGLOBAL     R1, G22
  0296    | ADDSUBLAYER   R0, R1
  0297    | GETGLOBAL     R0, G22
  0298    | LOADK         R2, K45             ; case 1
  0299    | LOADK         R3, K46             ; case 3
  0300    | NEWARRAY      R1, R2, 2
  0301    | SETPROP       R0, R1, autoresizingMask
  0302   56 NEWLAYER      R0, LT22            ; plain "badge"
  0303    | SETGLOBAL     R0, G23
  0304    | GETGLOBAL     R0, G21
  0305    | GETGLOBAL     R1, G23
  0306    | ADDSUBLAYER   R0, R1
  0307    | GETGLOBAL     R0, G23
  0308    | LOADK         R2, K47             ; case 0
  0309    | NEWARRAY      R1, R2, 1
  0310    | SETPROP       R0, R1, autoresizingMask
  0311   59 LOADK         R0, K43             ; 0.5
  0312    | NEWARRAY      R1, R2, 0
  0313    | SCHEDULE      R0, R1, F1          ; "at 0.5s"
  0314   60 LOADK         R0, K20             ; 1
  0315    | NEWARRAY      R1, R2, 0
  0316    | SCHEDULE      R0, R1, F2          ; "at 1s"
  0317   61 LOADK         R0, K39             ; 1.5
  0318    | NEWARRAY      R1, R2, 0
  0319    | SCHEDULE      R0, R1, F3          ; "at 1.5s"
  0320    | RET

.function F1 "at 0.5s" params 0 registers 2
  0000   59 GETGLOBAL     R0, G21
  0001    | LOADK         R1, K48             ; (76, 60)
  0002    | SETPROP       R0, R1, bounds.size
  0003    | RET

.function F2 "at 1s" params 0 registers 2
  0000   60 GETGLOBAL     R0, G21
  0001    | LOADK         R1, K49             ; 0.2
  0002    | SETPROP       R0, R1, filters.colorControls.inputBrightness
  0003    | RET

.function F3 "at 1.5s" params 0 registers 3
  0000   61 GETGLOBAL     R0, G21
  0001    | LOADK         R2, K40             ; "posterize:posterize"
  0002    | NEWARRAY      R1, R2, 1
  0003    | SETPROP       R0, R1, filters
  0004    | GETGLOBAL     R0, G21
  0005    | LOADK         R1, K42             ; 4
  0006    | SETPROP       R0, R1, filters.posterize.inputLevels
  0007    | RET
