; calc bytecode, format 6
; source: Samples/kinds/text.cal
.scene size 256x256 scale 1 fps 10 duration 1 background #ffffffff origin topLeft
.globals 15

.constants
  K0      rect      (6, 154, 160, 26)
  K1      string    "AVAWAY office"
  K2      number    22
  K3      color     #000000ff
  K4      rect      (170, 154, 80, 26)
  K5      string    "été ñ"
  K6      number    20
  K7      color     #2a9d8fff
  K8      rect      (10, 214, 140, 24)
  K9      string    "Turned, unhinted"
  K10     number    16
  K11     color     #457b9dff
  K12     transform [0.9902680687415703 -0.13917310096006544 0 0, 0.13917310096006544 0.9902680687415703 0 0, 0 0 1 0, 0 0 0 1]
  K13     rect      (160, 210, 90, 40)
  K14     color     #f1faeeff
  K15     number    11
  K16     color     #1d3557ff
  K17     color     #edf2f4ff
  K18     rect      (6, 6, 78, 16)
  K19     string    "left"
  K20     enum      case 1
  K21     rect      (89, 6, 78, 16)
  K22     string    "center"
  K23     enum      case 3
  K24     rect      (172, 6, 78, 16)
  K25     string    "right"
  K26     enum      case 2
  K27     rect      (6, 28, 120, 58)
  K28     string    "Justified text stretches the spaces of every line but the last of its paragraph."
  K29     enum      case 4
  K30     rect      (132, 28, 118, 58)
  K31     string    "Line feeds\nbreak lines;\nnatural alignment."
  K32     color     #e63946ff
  K33     rect      (6, 92, 118, 16)
  K34     string    "start: the beginning is cut"
  K35     rect      (6, 112, 118, 16)
  K36     string    "middle: the centre is cut away"
  K37     rect      (6, 132, 118, 16)
  K38     string    "end: the end of this is cut"
  K39     rect      (132, 92, 118, 56)
  K40     string    "Wrapped and truncated: the lines that fit, the last one ending in an ellipsis when text is cut."
  K41     rect      (6, 186, 120, 18)
  K42     string    "שלום עולם 123"
  K43     number    14
  K44     rect      (132, 186, 118, 18)
  K45     string    "مرحبا بالعالم"
  K46     path      path(move 4, 26; line 86, 26; line 86, 26.5; line 4, 26.5; close)
  K47     enum      case 0
  K48     string    "baseline"
  K49     point     (6, 26)
  K50     number    15
  K51     color     #264653ff

.layer LT0 text "left"

.layer LT1 text "center"

.layer LT2 text "right"

.layer LT3 text "justified"

.layer LT4 text "lines"

.layer LT5 text "truncStart"

.layer LT6 text "truncMiddle"

.layer LT7 text "truncEnd"

.layer LT8 text "wrappedEnd"

.layer LT9 text "kerning"
  frame = K0                  ; (6, 154, 160, 26)
  string = K1                 ; "AVAWAY office"
  fontSize = K2               ; 22
  foregroundColor = K3        ; #000000ff

.layer LT10 text "marks"
  frame = K4                  ; (170, 154, 80, 26)
  string = K5                 ; "été ñ"
  fontSize = K6               ; 20
  foregroundColor = K7        ; #2a9d8fff

.layer LT11 text "hebrew"

.layer LT12 text "arabic"

.layer LT13 text "turned"
  frame = K8                  ; (10, 214, 140, 24)
  string = K9                 ; "Turned, unhinted"
  fontSize = K10              ; 16
  foregroundColor = K11       ; #457b9dff
  transform = K12             ; [0.9902680687415703 -0.13917310096006544 0 0, 0.13917310096006544 0.9902680687415703 0 0, 0 0 1 0, 0 0 0 1]

.layer LT14 plain "drawn"
  frame = K13                 ; (160, 210, 90, 40)
  backgroundColor = K14       ; #f1faeeff

.function F0 "main" params 0 registers 3
  0000   14 NEWLAYER      R0, LT0             ; text "left"
  0001    | SETGLOBAL     R0, G0
  0002    | GETGLOBAL     R0, G0
  0003    | LOADK         R1, K15             ; 11
  0004    | SETSTYLED     R0, R1, fontSize
  0005    | GETGLOBAL     R0, G0
  0006    | LOADK         R1, K16             ; #1d3557ff
  0007    | SETSTYLED     R0, R1, foregroundColor
  0008    | GETGLOBAL     R0, G0
  0009    | LOADK         R1, K17             ; #edf2f4ff
  0010    | SETSTYLED     R0, R1, backgroundColor
  0011    | ROOT          R0
  0012    | GETGLOBAL     R1, G0
  0013    | ADDSUBLAYER   R0, R1
  0014    | GETGLOBAL     R0, G0
  0015    | LOADK         R1, K18             ; (6, 6, 78, 16)
  0016    | SETPROP       R0, R1, frame
  0017    | GETGLOBAL     R0, G0
  0018    | LOADK         R1, K19             ; "left"
  0019    | SETPROP       R0, R1, string
  0020    | GETGLOBAL     R0, G0
  0021    | LOADK         R1, K20             ; case 1
  0022    | SETPROP       R0, R1, alignmentMode
  0023   15 NEWLAYER      R0, LT1             ; text "center"
  0024    | SETGLOBAL     R0, G1
  0025    | GETGLOBAL     R0, G1
  0026    | LOADK         R1, K15             ; 11
  0027    | SETSTYLED     R0, R1, fontSize
  0028    | GETGLOBAL     R0, G1
  0029    | LOADK         R1, K16             ; #1d3557ff
  0030    | SETSTYLED     R0, R1, foregroundColor
  0031    | GETGLOBAL     R0, G1
  0032    | LOADK         R1, K17             ; #edf2f4ff
  0033    | SETSTYLED     R0, R1, backgroundColor
  0034    | ROOT          R0
  0035    | GETGLOBAL     R1, G1
  0036    | ADDSUBLAYER   R0, R1
  0037    | GETGLOBAL     R0, G1
  0038    | LOADK         R1, K21             ; (89, 6, 78, 16)
  0039    | SETPROP       R0, R1, frame
  0040    | GETGLOBAL     R0, G1
  0041    | LOADK         R1, K22             ; "center"
  0042    | SETPROP       R0, R1, string
  0043    | GETGLOBAL     R0, G1
  0044    | LOADK         R1, K23             ; case 3
  0045    | SETPROP       R0, R1, alignmentMode
  0046   16 NEWLAYER      R0, LT2             ; text "right"
  0047    | SETGLOBAL     R0, G2
  0048    | GETGLOBAL     R0, G2
  0049    | LOADK         R1, K15             ; 11
  0050    | SETSTYLED     R0, R1, fontSize
  0051    | GETGLOBAL     R0, G2
  0052    | LOADK         R1, K16             ; #1d3557ff
  0053    | SETSTYLED     R0, R1, foregroundColor
  0054    | GETGLOBAL     R0, G2
  0055    | LOADK         R1, K17             ; #edf2f4ff
  0056    | SETSTYLED     R0, R1, backgroundColor
  0057    | ROOT          R0
  0058    | GETGLOBAL     R1, G2
  0059    | ADDSUBLAYER   R0, R1
  0060    | GETGLOBAL     R0, G2
  0061    | LOADK         R1, K24             ; (172, 6, 78, 16)
  0062    | SETPROP       R0, R1, frame
  0063    | GETGLOBAL     R0, G2
  0064    | LOADK         R1, K25             ; "right"
  0065    | SETPROP       R0, R1, string
  0066    | GETGLOBAL     R0, G2
  0067    | LOADK         R1, K26             ; case 2
  0068    | SETPROP       R0, R1, alignmentMode
  0069   18 NEWLAYER      R0, LT3             ; text "justified"
  0070    | SETGLOBAL     R0, G3
  0071    | GETGLOBAL     R0, G3
  0072    | LOADK         R1, K15             ; 11
  0073    | SETSTYLED     R0, R1, fontSize
  0074    | GETGLOBAL     R0, G3
  0075    | LOADK         R1, K16             ; #1d3557ff
  0076    | SETSTYLED     R0, R1, foregroundColor
  0077    | GETGLOBAL     R0, G3
  0078    | LOADK         R1, K17             ; #edf2f4ff
  0079    | SETSTYLED     R0, R1, backgroundColor
  0080    | ROOT          R0
  0081    | GETGLOBAL     R1, G3
  0082    | ADDSUBLAYER   R0, R1
  0083   19 GETGLOBAL     R0, G3
  0084    | LOADK         R1, K27             ; (6, 28, 120, 58)
  0085    | SETPROP       R0, R1, frame
  0086   20 GETGLOBAL     R0, G3
  0087    | LOADK         R1, K28             ; "Justified text stretches the spaces of every line but the last of its paragraph."
  0088    | SETPROP       R0, R1, string
  0089   21 GETGLOBAL     R0, G3
  0090    | LOADBOOL      R1, 1
  0091    | SETPROP       R0, R1, isWrapped
  0092   22 GETGLOBAL     R0, G3
  0093    | LOADK         R1, K29             ; case 4
  0094    | SETPROP       R0, R1, alignmentMode
  0095   25 NEWLAYER      R0, LT4             ; text "lines"
  0096    | SETGLOBAL     R0, G4
  0097    | GETGLOBAL     R0, G4
  0098    | LOADK         R1, K15             ; 11
  0099    | SETSTYLED     R0, R1, fontSize
  0100    | GETGLOBAL     R0, G4
  0101    | LOADK         R1, K16             ; #1d3557ff
  0102    | SETSTYLED     R0, R1, foregroundColor
  0103    | GETGLOBAL     R0, G4
  0104    | LOADK         R1, K17             ; #edf2f4ff
  0105    | SETSTYLED     R0, R1, backgroundColor
  0106    | ROOT          R0
  0107    | GETGLOBAL     R1, G4
  0108    | ADDSUBLAYER   R0, R1
  0109   26 GETGLOBAL     R0, G4
  0110    | LOADK         R1, K30             ; (132, 28, 118, 58)
  0111    | SETPROP       R0, R1, frame
  0112   27 GETGLOBAL     R0, G4
  0113    | LOADK         R1, K31             ; "Line feeds\nbreak lines;\nnatural alignment."
  0114    | SETPROP       R0, R1, string
  0115   28 GETGLOBAL     R0, G4
  0116    | LOADK         R1, K32             ; #e63946ff
  0117    | SETPROP       R0, R1, foregroundColor
  0118   31 NEWLAYER      R0, LT5             ; text "truncStart"
  0119    | SETGLOBAL     R0, G5
  0120    | GETGLOBAL     R0, G5
  0121    | LOADK         R1, K15             ; 11
  0122    | SETSTYLED     R0, R1, fontSize
  0123    | GETGLOBAL     R0, G5
  0124    | LOADK         R1, K16             ; #1d3557ff
  0125    | SETSTYLED     R0, R1, foregroundColor
  0126    | GETGLOBAL     R0, G5
  0127    | LOADK         R1, K17             ; #edf2f4ff
  0128    | SETSTYLED     R0, R1, backgroundColor
  0129    | ROOT          R0
  0130    | GETGLOBAL     R1, G5
  0131    | ADDSUBLAYER   R0, R1
  0132    | GETGLOBAL     R0, G5
  0133    | LOADK         R1, K33             ; (6, 92, 118, 16)
  0134    | SETPROP       R0, R1, frame
  0135    | GETGLOBAL     R0, G5
  0136    | LOADK         R1, K34             ; "start: the beginning is cut"
  0137    | SETPROP       R0, R1, string
  0138    | GETGLOBAL     R0, G5
  0139    | LOADK         R1, K20             ; case 1
  0140    | SETPROP       R0, R1, truncationMode
  0141   32 NEWLAYER      R0, LT6             ; text "truncMiddle"
  0142    | SETGLOBAL     R0, G6
  0143    | GETGLOBAL     R0, G6
  0144    | LOADK         R1, K15             ; 11
  0145    | SETSTYLED     R0, R1, fontSize
  0146    | GETGLOBAL     R0, G6
  0147    | LOADK         R1, K16             ; #1d3557ff
  0148    | SETSTYLED     R0, R1, foregroundColor
  0149    | GETGLOBAL     R0, G6
  0150    | LOADK         R1, K17             ; #edf2f4ff
  0151    | SETSTYLED     R0, R1, backgroundColor
  0152    | ROOT          R0
  0153    | GETGLOBAL     R1, G6
  0154    | ADDSUBLAYER   R0, R1
  0155    | GETGLOBAL     R0, G6
  0156    | LOADK         R1, K35             ; (6, 112, 118, 16)
  0157    | SETPROP       R0, R1, frame
  0158    | GETGLOBAL     R0, G6
  0159    | LOADK         R1, K36             ; "middle: the centre is cut away"
  0160    | SETPROP       R0, R1, string
  0161    | GETGLOBAL     R0, G6
  0162    | LOADK         R1, K23             ; case 3
  0163    | SETPROP       R0, R1, truncationMode
  0164   33 NEWLAYER      R0, LT7             ; text "truncEnd"
  0165    | SETGLOBAL     R0, G7
  0166    | GETGLOBAL     R0, G7
  0167    | LOADK         R1, K15             ; 11
  0168    | SETSTYLED     R0, R1, fontSize
  0169    | GETGLOBAL     R0, G7
  0170    | LOADK         R1, K16             ; #1d3557ff
  0171    | SETSTYLED     R0, R1, foregroundColor
  0172    | GETGLOBAL     R0, G7
  0173    | LOADK         R1, K17             ; #edf2f4ff
  0174    | SETSTYLED     R0, R1, backgroundColor
  0175    | ROOT          R0
  0176    | GETGLOBAL     R1, G7
  0177    | ADDSUBLAYER   R0, R1
  0178    | GETGLOBAL     R0, G7
  0179    | LOADK         R1, K37             ; (6, 132, 118, 16)
  0180    | SETPROP       R0, R1, frame
  0181    | GETGLOBAL     R0, G7
  0182    | LOADK         R1, K38             ; "end: the end of this is cut"
  0183    | SETPROP       R0, R1, string
  0184    | GETGLOBAL     R0, G7
  0185    | LOADK         R1, K26             ; case 2
  0186    | SETPROP       R0, R1, truncationMode
  0187   35 NEWLAYER      R0, LT8             ; text "wrappedEnd"
  0188    | SETGLOBAL     R0, G8
  0189    | GETGLOBAL     R0, G8
  0190    | LOADK         R1, K15             ; 11
  0191    | SETSTYLED     R0, R1, fontSize
  0192    | GETGLOBAL     R0, G8
  0193    | LOADK         R1, K16             ; #1d3557ff
  0194    | SETSTYLED     R0, R1, foregroundColor
  0195    | GETGLOBAL     R0, G8
  0196    | LOADK         R1, K17             ; #edf2f4ff
  0197    | SETSTYLED     R0, R1, backgroundColor
  0198    | ROOT          R0
  0199    | GETGLOBAL     R1, G8
  0200    | ADDSUBLAYER   R0, R1
  0201   36 GETGLOBAL     R0, G8
  0202    | LOADK         R1, K39             ; (132, 92, 118, 56)
  0203    | SETPROP       R0, R1, frame
  0204   37 GETGLOBAL     R0, G8
  0205    | LOADK         R1, K40             ; "Wrapped and truncated: the lines that fit, the last one ending in an ellipsis when text is cut."
  0206    | SETPROP       R0, R1, string
  0207   38 GETGLOBAL     R0, G8
  0208    | LOADBOOL      R1, 1
  0209    | SETPROP       R0, R1, isWrapped
  0210   39 GETGLOBAL     R0, G8
  0211    | LOADK         R1, K26             ; case 2
  0212    | SETPROP       R0, R1, truncationMode
  0213   42 NEWLAYER      R0, LT9             ; text "kerning"
  0214    | SETGLOBAL     R0, G9
  0215    | ROOT          R0
  0216    | GETGLOBAL     R1, G9
  0217    | ADDSUBLAYER   R0, R1
  0218   43 NEWLAYER      R0, LT10            ; text "marks"
  0219    | SETGLOBAL     R0, G10
  0220    | ROOT          R0
  0221    | GETGLOBAL     R1, G10
  0222    | ADDSUBLAYER   R0, R1
  0223   45 NEWLAYER      R0, LT11            ; text "hebrew"
  0224    | SETGLOBAL     R0, G11
  0225    | GETGLOBAL     R0, G11
  0226    | LOADK         R1, K15             ; 11
  0227    | SETSTYLED     R0, R1, fontSize
  0228    | GETGLOBAL     R0, G11
  0229    | LOADK         R1, K16             ; #1d3557ff
  0230    | SETSTYLED     R0, R1, foregroundColor
  0231    | GETGLOBAL     R0, G11
  0232    | LOADK         R1, K17             ; #edf2f4ff
  0233    | SETSTYLED     R0, R1, backgroundColor
  0234    | ROOT          R0
  0235    | GETGLOBAL     R1, G11
  0236    | ADDSUBLAYER   R0, R1
  0237    | GETGLOBAL     R0, G11
  0238    | LOADK         R1, K41             ; (6, 186, 120, 18)
  0239    | SETPROP       R0, R1, frame
  0240    | GETGLOBAL     R0, G11
  0241    | LOADK         R1, K42             ; "שלום עולם 123"
  0242    | SETPROP       R0, R1, string
  0243    | GETGLOBAL     R0, G11
  0244    | LOADK         R1, K43             ; 14
  0245    | SETPROP       R0, R1, fontSize
  0246   46 NEWLAYER      R0, LT12            ; text "arabic"
  0247    | SETGLOBAL     R0, G12
  0248    | GETGLOBAL     R0, G12
  0249    | LOADK         R1, K15             ; 11
  0250    | SETSTYLED     R0, R1, fontSize
  0251    | GETGLOBAL     R0, G12
  0252    | LOADK         R1, K16             ; #1d3557ff
  0253    | SETSTYLED     R0, R1, foregroundColor
  0254    | GETGLOBAL     R0, G12
  0255    | LOADK         R1, K17             ; #edf2f4ff
  0256    | SETSTYLED     R0, R1, backgroundColor
  0257    | ROOT          R0
  0258    | GETGLOBAL     R1, G12
  0259    | ADDSUBLAYER   R0, R1
  0260    | GETGLOBAL     R0, G12
  0261    | LOADK         R1, K44             ; (132, 186, 118, 18)
  0262    | SETPROP       R0, R1, frame
  0263    | GETGLOBAL     R0, G12
  0264    | LOADK         R1, K45             ; "مرحبا بالعالم"
  0265    | SETPROP       R0, R1, string
  0266    | GETGLOBAL     R0, G12
  0267    | LOADK         R1, K43             ; 14
  0268    | SETPROP       R0, R1, fontSize
  0269    | GETGLOBAL     R0, G12
  0270    | LOADK         R1, K23             ; case 3
  0271    | SETPROP       R0, R1, alignmentMode
  0272   48 NEWLAYER      R0, LT13            ; text "turned"
  0273    | SETGLOBAL     R0, G13
  0274    | ROOT          R0
  0275    | GETGLOBAL     R1, G13
  0276    | ADDSUBLAYER   R0, R1
  0277   56 NEWLAYER      R0, LT14            ; plain "drawn"
  0278    | SETGLOBAL     R0, G14
  0279    | ROOT          R0
  0280    | GETGLOBAL     R1, G14
  0281    | ADDSUBLAYER   R0, R1
  0282   59 GETGLOBAL     R0, G14
  0283    | NEWARRAY      R1, R2, 0
  0284    | SETDRAW       R0..R1, F1          ; "draw drawn"
  0285   63 RET

.function F1 "draw drawn" params 1 registers 5
  0000   60 LOADK         R1, K46             ; path(move 4, 26; line 86, 26; line 86, 26.5; line 4, 26.5; close)
  0001    | LOADK         R2, K32             ; #e63946ff
  0002    | LOADK         R3, K47             ; case 0
  0003    | DRAWFILL      R1..R3
  0004   61 LOADK         R1, K48             ; "baseline"
  0005    | LOADK         R2, K49             ; (6, 26)
  0006    | LOADK         R3, K50             ; 15
  0007    | LOADK         R4, K51             ; #264653ff
  0008    | DRAWTEXT      R1..R4
  0009   62 RET
