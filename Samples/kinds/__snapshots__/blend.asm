; calc bytecode, format 2
; source: Samples/kinds/blend.cal
.scene size 264x170 scale 1 fps 10 duration 1 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 264, 170)
  K1      rect      (12, 12, 14, 14)
  K2      number    7
  K3      color     #8338ec80
  K4      color     #06d6a0ff
  K5      color     #118ab2ff
  K6      color     #ef476fff
  K7      color     #ffd166ff
  K8      point     (0, 0)
  K9      point     (1, 1)
  K10     number    0
  K11     number    3
  K12     string    "white"
  K13     number    8
  K14     number    54
  K15     number    264
  K16     number    9
  K17     color     #ffffffff
  K18     string    "black"
  K19     number    37
  K20     color     #000000ff
  K21     number    18
  K22     number    6
  K23     number    43
  K24     string    "tile"
  K25     number    38
  K26     color     #ffbe0bff
  K27     color     #ff006eff
  K28     color     #3a86ffff
  K29     point     (0, 0.5)
  K30     point     (1, 0.5)
  K31     number    4
  K32     string    "disc"
  K33     string    "label"
  K34     number    39
  K35     number    44
  K36     number    10
  K37     string    "sourceOver"
  K38     string    "multiply"
  K39     string    "screen"
  K40     string    "overlay"
  K41     string    "darken"
  K42     string    "lighten"
  K43     string    "colorDodge"
  K44     string    "colorBurn"
  K45     string    "softLight"
  K46     string    "hardLight"
  K47     string    "difference"
  K48     string    "exclusion"
  K49     string    "hue"
  K50     string    "saturation"
  K51     string    "color"
  K52     string    "luminosity"
  K53     string    "plusLighter"
  K54     string    "plusDarker"
  K55     number    6.5
  K56     color     #1d3557ff
  K57     enum      case 3
  K58     string    "tile1"
  K59     enum      case 1
  K60     string    "tile2"
  K61     enum      case 2
  K62     string    "tile3"
  K63     string    "tile4"
  K64     enum      case 4
  K65     string    "tile5"
  K66     enum      case 5
  K67     string    "tile6"
  K68     enum      case 6
  K69     string    "tile7"
  K70     enum      case 7
  K71     string    "tile8"
  K72     enum      case 8
  K73     string    "tile9"
  K74     enum      case 9
  K75     string    "tile10"
  K76     enum      case 10
  K77     string    "tile11"
  K78     enum      case 11
  K79     string    "tile12"
  K80     enum      case 12
  K81     string    "tile13"
  K82     enum      case 13
  K83     string    "tile14"
  K84     enum      case 14
  K85     string    "tile15"
  K86     enum      case 15
  K87     string    "tile16"
  K88     enum      case 16
  K89     string    "tile17"
  K90     enum      case 17

.layer LT0 gradient "backdrop"
  frame = K0                  ; (0, 0, 264, 170)

.layer LT1 plain ""

.layer LT2 plain ""

.layer LT3 plain ""
  frame = K1                  ; (12, 12, 14, 14)
  cornerRadius = K2           ; 7
  backgroundColor = K3        ; #8338ec80

.layer LT4 gradient ""

.layer LT5 text ""

.function F0 "main" params 0 registers 30
  0000   16 NEWLAYER      R9, LT0             ; gradient "backdrop"
  0001    | SETGLOBAL     R9, G1
  0002    | ROOT          R9
  0003    | GETGLOBAL     R10, G1
  0004    | ADDSUBLAYER   R9, R10
  0005   18 GETGLOBAL     R9, G1
  0006    | LOADK         R11, K4             ; #06d6a0ff
  0007    | LOADK         R12, K5             ; #118ab2ff
  0008    | LOADK         R13, K6             ; #ef476fff
  0009    | LOADK         R14, K7             ; #ffd166ff
  0010    | NEWARRAY      R10, R11, 4
  0011    | SETPROP       R9, R10, colors
  0012   19 GETGLOBAL     R9, G1
  0013    | LOADK         R10, K8             ; (0, 0)
  0014    | SETPROP       R9, R10, startPoint
  0015    | GETGLOBAL     R9, G1
  0016    | LOADK         R10, K9             ; (1, 1)
  0017    | SETPROP       R9, R10, endPoint
  0018   21 LOADK         R9, K10             ; 0
  0019    | LOADK         R10, K11            ; 3
  0020    | FORPREP       R9..R10, R0, +39    ; -> 0060
  0021   22 NEWLAYER      R1, LT1             ; plain ""
  0022    | LOADK         R11, K12            ; "white"
  0023    | MOVE          R13, R0
  0024    | CALLB         R12, R13, string
  0025    | ADD           R11, R11, R12
  0026    | SETPROP       R1, R11, name
  0027    | ROOT          R11
  0028    | ADDSUBLAYER   R11, R1
  0029    | LOADK         R12, K10            ; 0
  0030    | LOADK         R13, K13            ; 8
  0031    | LOADK         R16, K14            ; 54
  0032    | MUL           R16, R16, R0
  0033    | ADD           R13, R13, R16
  0034    | LOADK         R14, K15            ; 264
  0035    | LOADK         R15, K16            ; 9
  0036    | MKRECT        R11, R12..R15
  0037    | SETPROP       R1, R11, frame
  0038    | LOADK         R11, K17            ; #ffffffff
  0039    | SETPROP       R1, R11, backgroundColor
  0040   23 NEWLAYER      R2, LT2             ; plain ""
  0041    | LOADK         R11, K18            ; "black"
  0042    | MOVE          R13, R0
  0043    | CALLB         R12, R13, string
  0044    | ADD           R11, R11, R12
  0045    | SETPROP       R2, R11, name
  0046    | ROOT          R11
  0047    | ADDSUBLAYER   R11, R2
  0048    | LOADK         R12, K10            ; 0
  0049    | LOADK         R13, K19            ; 37
  0050    | LOADK         R16, K14            ; 54
  0051    | MUL           R16, R16, R0
  0052    | ADD           R13, R13, R16
  0053    | LOADK         R14, K15            ; 264
  0054    | LOADK         R15, K16            ; 9
  0055    | MKRECT        R11, R12..R15
  0056    | SETPROP       R2, R11, frame
  0057    | LOADK         R11, K20            ; #000000ff
  0058    | SETPROP       R2, R11, backgroundColor
  0059   21 FORLOOP       R9..R10, R0, -39    ; -> 0021
  0060   26 LOADK         R9, K10             ; 0
  0061    | LOADK         R10, K21            ; 18
  0062    | FORPREP       R9..R10, R3, +87    ; -> 0150
  0063   27 LOADK         R11, K22            ; 6
  0064    | LOADK         R12, K23            ; 43
  0065    | MOD           R13, R3, K22        ; 6
  0066    | MUL           R12, R12, R13
  0067    | ADD           R4, R11, R12
  0068   28 LOADK         R11, K13            ; 8
  0069    | LOADK         R12, K14            ; 54
  0070    | DIV           R14, R3, K22        ; 6
  0071    | CALLB         R13, R14, floor
  0072    | MUL           R12, R12, R13
  0073    | ADD           R5, R11, R12
  0074   29 NEWLAYER      R6, LT4             ; gradient ""
  0075    | LOADK         R11, K24            ; "tile"
  0076    | MOVE          R13, R3
  0077    | CALLB         R12, R13, string
  0078    | ADD           R11, R11, R12
  0079    | SETPROP       R6, R11, name
  0080    | ROOT          R11
  0081    | ADDSUBLAYER   R11, R6
  0082   30 MOVE          R12, R4
  0083    | MOVE          R13, R5
  0084    | LOADK         R14, K25            ; 38
  0085    | LOADK         R15, K25            ; 38
  0086    | MKRECT        R11, R12..R15
  0087    | SETPROP       R6, R11, frame
  0088   31 LOADK         R12, K17            ; #ffffffff
  0089    | LOADK         R13, K26            ; #ffbe0bff
  0090    | LOADK         R14, K27            ; #ff006eff
  0091    | LOADK         R15, K28            ; #3a86ffff
  0092    | LOADK         R16, K20            ; #000000ff
  0093    | NEWARRAY      R11, R12, 5
  0094    | SETPROP       R6, R11, colors
  0095   32 LOADK         R11, K29            ; (0, 0.5)
  0096    | SETPROP       R6, R11, startPoint
  0097    | LOADK         R11, K30            ; (1, 0.5)
  0098    | SETPROP       R6, R11, endPoint
  0099   33 LOADK         R11, K31            ; 4
  0100    | SETPROP       R6, R11, cornerRadius
  0101   34 NEWLAYER      R7, LT3             ; plain ""
  0102    | LOADK         R11, K32            ; "disc"
  0103    | MOVE          R13, R3
  0104    | CALLB         R12, R13, string
  0105    | ADD           R11, R11, R12
  0106    | SETPROP       R7, R11, name
  0107    | ADDSUBLAYER   R6, R7
  0108   36 NEWLAYER      R8, LT5             ; text ""
  0109    | LOADK         R11, K33            ; "label"
  0110    | MOVE          R13, R3
  0111    | CALLB         R12, R13, string
  0112    | ADD           R11, R11, R12
  0113    | SETPROP       R8, R11, name
  0114    | ROOT          R11
  0115    | ADDSUBLAYER   R11, R8
  0116    | SUB           R12, R4, K11        ; 3
  0117    | ADD           R13, R5, K34        ; 39
  0118    | LOADK         R14, K35            ; 44
  0119    | LOADK         R15, K36            ; 10
  0120    | MKRECT        R11, R12..R15
  0121    | SETPROP       R8, R11, frame
  0122    | LOADK         R12, K37            ; "sourceOver"
  0123    | LOADK         R13, K38            ; "multiply"
  0124    | LOADK         R14, K39            ; "screen"
  0125    | LOADK         R15, K40            ; "overlay"
  0126    | LOADK         R16, K41            ; "darken"
  0127    | LOADK         R17, K42            ; "lighten"
  0128    | LOADK         R18, K43            ; "colorDodge"
  0129    | LOADK         R19, K44            ; "colorBurn"
  0130    | LOADK         R20, K45            ; "softLight"
  0131    | LOADK         R21, K46            ; "hardLight"
  0132    | LOADK         R22, K47            ; "difference"
  0133    | LOADK         R23, K48            ; "exclusion"
  0134    | LOADK         R24, K49            ; "hue"
  0135    | LOADK         R25, K50            ; "saturation"
  0136    | LOADK         R26, K51            ; "color"
  0137    | LOADK         R27, K52            ; "luminosity"
  0138    | LOADK         R28, K53            ; "plusLighter"
  0139    | LOADK         R29, K54            ; "plusDarker"
  0140    | NEWARRAY      R11, R12, 18
  0141    | GETINDEX      R11, R11, R3
  0142    | SETPROP       R8, R11, string
  0143    | LOADK         R11, K55            ; 6.5
  0144    | SETPROP       R8, R11, fontSize
  0145    | LOADK         R11, K56            ; #1d3557ff
  0146    | SETPROP       R8, R11, foregroundColor
  0147    | LOADK         R11, K57            ; case 3
  0148    | SETPROP       R8, R11, alignmentMode
  0149   26 FORLOOP       R9..R10, R3, -87    ; -> 0063
  0150   39 LOADK         R9, K58             ; "tile1"
  0151    | NAMED         R9, R9
  0152    | LOADK         R10, K59            ; case 1
  0153    | SETPROP       R9, R10, compositingFilter
  0154   40 LOADK         R9, K60             ; "tile2"
  0155    | NAMED         R9, R9
  0156    | LOADK         R10, K61            ; case 2
  0157    | SETPROP       R9, R10, compositingFilter
  0158   41 LOADK         R9, K62             ; "tile3"
  0159    | NAMED         R9, R9
  0160    | LOADK         R10, K57            ; case 3
  0161    | SETPROP       R9, R10, compositingFilter
  0162   42 LOADK         R9, K63             ; "tile4"
  0163    | NAMED         R9, R9
  0164    | LOADK         R10, K64            ; case 4
  0165    | SETPROP       R9, R10, compositingFilter
  0166   43 LOADK         R9, K65             ; "tile5"
  0167    | NAMED         R9, R9
  0168    | LOADK         R10, K66            ; case 5
  0169    | SETPROP       R9, R10, compositingFilter
  0170   44 LOADK         R9, K67             ; "tile6"
  0171    | NAMED         R9, R9
  0172    | LOADK         R10, K68            ; case 6
  0173    | SETPROP       R9, R10, compositingFilter
  0174   45 LOADK         R9, K69             ; "tile7"
  0175    | NAMED         R9, R9
  0176    | LOADK         R10, K70            ; case 7
  0177    | SETPROP       R9, R10, compositingFilter
  0178   46 LOADK         R9, K71             ; "tile8"
  0179    | NAMED         R9, R9
  0180    | LOADK         R10, K72            ; case 8
  0181    | SETPROP       R9, R10, compositingFilter
  0182   47 LOADK         R9, K73             ; "tile9"
  0183    | NAMED         R9, R9
  0184    | LOADK         R10, K74            ; case 9
  0185    | SETPROP       R9, R10, compositingFilter
  0186   48 LOADK         R9, K75             ; "tile10"
  0187    | NAMED         R9, R9
  0188    | LOADK         R10, K76            ; case 10
  0189    | SETPROP       R9, R10, compositingFilter
  0190   49 LOADK         R9, K77             ; "tile11"
  0191    | NAMED         R9, R9
  0192    | LOADK         R10, K78            ; case 11
  0193    | SETPROP       R9, R10, compositingFilter
  0194   50 LOADK         R9, K79             ; "tile12"
  0195    | NAMED         R9, R9
  0196    | LOADK         R10, K80            ; case 12
  0197    | SETPROP       R9, R10, compositingFilter
  0198   51 LOADK         R9, K81             ; "tile13"
  0199    | NAMED         R9, R9
  0200    | LOADK         R10, K82            ; case 13
  0201    | SETPROP       R9, R10, compositingFilter
  0202   52 LOADK         R9, K83             ; "tile14"
  0203    | NAMED         R9, R9
  0204    | LOADK         R10, K84            ; case 14
  0205    | SETPROP       R9, R10, compositingFilter
  0206   53 LOADK         R9, K85             ; "tile15"
  0207    | NAMED         R9, R9
  0208    | LOADK         R10, K86            ; case 15
  0209    | SETPROP       R9, R10, compositingFilter
  0210   54 LOADK         R9, K87             ; "tile16"
  0211    | NAMED         R9, R9
  0212    | LOADK         R10, K88            ; case 16
  0213    | SETPROP       R9, R10, compositingFilter
  0214   55 LOADK         R9, K89             ; "tile17"
  0215    | NAMED         R9, R9
  0216    | LOADK         R10, K90            ; case 17
  0217    | SETPROP       R9, R10, compositingFilter
  0218    | RET
