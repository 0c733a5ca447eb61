; calc bytecode, format 6
; source: Samples/tour/tour.cal
.scene size 256x192 scale 1 fps 12 duration 4 background #f4f1eaff origin topLeft
.globals 22
.property "sweep" id 32768 angle = 0
.property "filters.glow.inputIntensity" id 32769 number = 0.5
.property "emitterCells.drop.birthRate" id 32770 number = 0
.property "emitterCells.drop.lifetime" id 32771 duration = 0
.property "emitterCells.drop.velocity" id 32772 number = 0
.property "emitterCells.drop.emissionLongitude" id 32773 angle = 0
.property "emitterCells.drop.emissionRange" id 32774 angle = 0
.property "emitterCells.drop.yAcceleration" id 32775 number = 0
.property "emitterCells.drop.color" id 32776 color = #ffffffff
.property "emitterCells.drop.emitterCells.mist.birthRate" id 32777 number = 0
.property "emitterCells.drop.emitterCells.mist.lifetime" id 32778 duration = 0
.property "emitterCells.drop.emitterCells.mist.contents" id 32779 image = image ""
.property "emitterCells.drop.emitterCells.mist.scale" id 32780 number = 1

.constants
  K0      number    0
  K1      number    6.283185307179586
  K2      number    2
  K3      number    inf
  K4      enum      case 3
  K5      number    1
  K6      bool      false
  K7      number    0.3
  K8      number    8
  K9      number    -40
  K10     rect      (0, 0, 150, 90)
  K11     point     (90, 60)
  K12     color     #ffffffff
  K13     number    12
  K14     number    3
  K15     color     #1d3557ff
  K16     bool      true
  K17     transform [0.9986295347545738 -0.05233595624294383 0 0, 0.05233595624294383 0.9986295347545738 0 0, 0 0 1 0, 0 4 0 1]
  K18     rect      (0, 0, 150, 24)
  K19     color     rgba(0.54, 0.7799999999999999, 0.9, 1)
  K20     rect      (0, 0, 60, 6)
  K21     rect      (0, 0, 28, 28)
  K22     point     (130, 66)
  K23     number    14
  K24     color     rgba(0.9, 0.22, 0.27, 1)
  K25     rect      (0, 0, 36, 36)
  K26     point     (210, 50)
  K27     number    18
  K28     color     #000000ff
  K29     number    0.5
  K30     timing    easeOut
  K31     rect      (0, 0, 6, 6)
  K32     point     (20, 60)
  K33     rect      (0, 0, 40, 40)
  K34     point     (220, 160)
  K35     number    4
  K36     timing    spring(1, 100, 12, 0)
  K37     rect      (0, 0, 8, 4)
  K38     path      path(move 240, 150; cubic 240, 166.5685424949238, 219.8528137423857, 180, 195, 180; cubic 170.1471862576143, 180, 150, 166.5685424949238, 150, 150; cubic 150, 133.4314575050762, 170.1471862576143, 120, 195, 120; cubic 219.8528137423857, 120, 240, 133.4314575050762, 240, 150; close)
  K39     enum      case 2
  K40     enum      case 0
  K41     point     (24, 184)
  K42     number    20
  K43     number    60
  K44     number    -1.0471975511965976
  K45     number    0.3490658503988659
  K46     number    80
  K47     number    5
  K48     number    0.2
  K49     image     image "drop.png"
  K50     rect      (0, 0, 10, 10)
  K51     point     (248, 12)
  K52     string    "tile "
  K53     enum      case 1
  K54     string    "band"
  K55     string    "superlayer"
  K56     number    -10
  K57     string    "spin"
  K58     string    "bloom:glow"
  K59     number    0.6
  K60     string    "tile"
  K61     rect      (0, 0, 32, 32)
  K62     string    "position"
  K63     color     #2a9d8fff
  K64     color     #e9c46aff
  K65     color     #f4a261ff
  K66     color     #e76f51ff
  K67     color     #264653ff
  K68     number    0.4
  K69     string    "tile0"
  K70     string    "hop"
  K71     string    "tile1"
  K72     string    "settle"
  K73     string    "tile4"
  K74     string    "turn"
  K75     string    "orbit"
  K76     string    "drop"
  K77     string    "drop.mist"
  K78     number    40
  K79     number    44
  K80     number    150
  K81     number    0.55
  K82     number    0.45
  K83     number    3.141592653589793
  K84     number    120
  K85     string    "tile2"
  K86     string    "intro"
  K87     number    1.5
  K88     string    "tile3"
  K89     number    6
  K90     string    "borderWidth"
  K91     timing    linear
  K92     color     #a8dadcff
  K93     timing    easeInEaseOut
  K94     string    "nothing"
  K95     color     #f1faeeff
  K96     number    100
  K97     point     (20, 20)
  K98     number    16
  K99     point     (4, 24)

.layer LT0 plain "band"
  frame = K18                 ; (0, 0, 150, 24)
  backgroundColor = K19       ; rgba(0.54, 0.7799999999999999, 0.9, 1)

.layer LT1 plain "caption"
  bounds = K20                ; (0, 0, 60, 6)
  backgroundColor = K15       ; #1d3557ff

.layer LT2 plain "badge"
  bounds = K21                ; (0, 0, 28, 28)
  position = K22              ; (130, 66)
  cornerRadius = K23          ; 14
  backgroundColor = K24       ; rgba(0.9, 0.22, 0.27, 1)
  zPosition = K5              ; 1

.layer LT3 plain "card"
  bounds = K10                ; (0, 0, 150, 90)
  position = K11              ; (90, 60)
  backgroundColor = K12       ; #ffffffff
  cornerRadius = K13          ; 12
  borderWidth = K14           ; 3
  borderColor = K15           ; #1d3557ff
  masksToBounds = K16         ; true
  transform = K17             ; [0.9986295347545738 -0.05233595624294383 0 0, 0.05233595624294383 0.9986295347545738 0 0, 0 0 1 0, 0 4 0 1]

.layer LT4 plain ""
  frame = K25                 ; (0, 0, 36, 36)
  cornerRadius = K27          ; 18
  backgroundColor = K28       ; #000000ff

.layer LT5 plain "pulse"
  bounds = K25                ; (0, 0, 36, 36)
  position = K26              ; (210, 50)
  cornerRadius = K27          ; 18
  backgroundColor = K24       ; rgba(0.9, 0.22, 0.27, 1)

.layer LT6 plain ""

.layer LT7 plain "pin"
  bounds = K31                ; (0, 0, 6, 6)
  position = K32              ; (20, 60)
  backgroundColor = K24       ; rgba(0.9, 0.22, 0.27, 1)

.layer LT8 plain "peg"
  bounds = K31                ; (0, 0, 6, 6)
  position = K32              ; (20, 60)
  backgroundColor = K15       ; #1d3557ff

.layer LT9 plain "dial"
  bounds = K33                ; (0, 0, 40, 40)
  position = K34              ; (220, 160)

.layer LT10 plain "comet"
  bounds = K37                ; (0, 0, 8, 4)
  backgroundColor = K24       ; rgba(0.9, 0.22, 0.27, 1)

.layer LT11 emitter "spray"
  emitterPosition = K41       ; (24, 184)
  seed = K14                  ; 3
  emitterCells.drop.birthRate = K42 ; 20
  emitterCells.drop.lifetime = K5 ; 1
  emitterCells.drop.velocity = K43 ; 60
  emitterCells.drop.emissionLongitude = K44 ; -1.0471975511965976
  emitterCells.drop.emissionRange = K45 ; 0.3490658503988659
  emitterCells.drop.yAcceleration = K46 ; 80
  emitterCells.drop.color = K19 ; rgba(0.54, 0.7799999999999999, 0.9, 1)
  emitterCells.drop.emitterCells.mist.birthRate = K47 ; 5
  emitterCells.drop.emitterCells.mist.lifetime = K48 ; 0.2
  emitterCells.drop.emitterCells.mist.contents = K49 ; image "drop.png"
  emitterCells.drop.emitterCells.mist.scale = K29 ; 0.5

.layer LT12 plain "pebble"
  bounds = K50                ; (0, 0, 10, 10)
  position = K51              ; (248, 12)
  cornerRadius = K47          ; 5
  backgroundColor = K15       ; #1d3557ff

.animation AT0 basic transform.rotation.z
  from = K0                   ; 0
  to = K1                     ; 6.283185307179586
  duration = K2               ; 2
  repeatCount = K3            ; inf

.animation AT1 keyframe position.y
  calculationMode = K4        ; .cubic
  duration = K5               ; 1
  autoreverses = K6           ; false

.animation AT2 spring transform.scale
  from = K7                   ; 0.3
  to = K5                     ; 1
  damping = K8                ; 8

.animation AT3 basic opacity
  from = K0                   ; 0
  to = K5                     ; 1

.animation AT4 basic position.x
  by = K9                     ; -40
  additive = K6               ; false

.animation AT5 group bounds
  duration = K5               ; 1

.animation AT6 basic position
  duration = K29              ; 0.5
  timingFunction = K30        ; easeOut

.animation AT7 basic sweep
  to = K1                     ; 6.283185307179586
  duration = K35              ; 4
  timingFunction = K36        ; spring(1, 100, 12, 0)

.animation AT8 keyframe position
  path = K38                  ; path(move 240, 150; cubic 240, 166.5685424949238, 219.8528137423857, 180, 195, 180; cubic 170.1471862576143, 180, 150, 166.5685424949238, 150, 150; cubic 150, 133.4314575050762, 170.1471862576143, 120, 195, 120; cubic 219.8528137423857, 120, 240, 133.4314575050762, 240, 150; close)
  calculationMode = K39       ; .paced
  rotationMode = K40          ; .auto
  duration = K35              ; 4

.behavior BT0 gravity "fall"

.behavior BT1 collision "floor"

.behavior BT2 itemBehavior "bounce"
  elasticity = K29            ; 0.5

.function F0 "main" params 0 registers 11
  0000   19 LOADK         R3, K14             ; 3
  0001    | SETGLOBAL     R3, G3
  0002   20 LOADK         R3, K52             ; "tile "
  0003    | GETGLOBAL     R5, G3
  0004    | ADD           R5, R5, K5          ; 1
  0005    | CALLB         R4, R5, string
  0006    | ADD           R3, R3, R4
  0007    | SETGLOBAL     R3, G4
  0008   52 NEWLAYER      R3, LT3             ; plain "card"
  0009    | SETGLOBAL     R3, G9
  0010    | ROOT          R3
  0011    | GETGLOBAL     R4, G9
  0012    | ADDSUBLAYER   R3, R4
  0013   62 NEWLAYER      R3, LT0             ; plain "band"
  0014    | SETGLOBAL     R3, G10
  0015    | GETGLOBAL     R3, G9
  0016    | GETGLOBAL     R4, G10
  0017    | ADDSUBLAYER   R3, R4
  0018    | GETGLOBAL     R3, G10
  0019    | LOADK         R5, K53             ; case 1
  0020    | NEWARRAY      R4, R5, 1
  0021    | SETPROP       R3, R4, autoresizingMask
  0022   63 NEWLAYER      R3, LT1             ; plain "caption"
  0023    | SETGLOBAL     R3, G11
  0024    | GETGLOBAL     R3, G9
  0025    | GETGLOBAL     R4, G11
  0026    | ADDSUBLAYER   R3, R4
  0027   66 GETGLOBAL     R3, G11
  0028    | LOADK         R4, K54             ; "band"
  0029    | LOADK         R5, K5              ; 1
  0030    | LOADK         R6, K13             ; 12
  0031    | CONSTRAIN     R3, R4..R6, minX=minX
  0032    | GETGLOBAL     R3, G11
  0033    | LOADK         R4, K55             ; "superlayer"
  0034    | LOADK         R5, K5              ; 1
  0035    | LOADK         R6, K56             ; -10
  0036    | CONSTRAIN     R3, R4..R6, maxY=maxY
  0037   68 NEWLAYER      R3, LT2             ; plain "badge"
  0038    | SETGLOBAL     R3, G12
  0039    | GETGLOBAL     R3, G9
  0040    | GETGLOBAL     R4, G12
  0041    | ADDSUBLAYER   R3, R4
  0042   74 GETGLOBAL     R3, G12
  0043    | ANIMNEW       R4, AT0             ; basic transform.rotation.z
  0044    | ANIMADD       R3, R4, K57         ; "spin"
  0045   79 NEWLAYER      R3, LT5             ; plain "pulse"
  0046    | SETGLOBAL     R3, G13
  0047    | ROOT          R3
  0048    | GETGLOBAL     R4, G13
  0049    | ADDSUBLAYER   R3, R4
  0050   84 GETGLOBAL     R3, G13
  0051    | NEWARRAY      R4, R5, 0
  0052    | BIND          R3..R4, F3, opacity ; "opacity = …"
  0053   85 GETGLOBAL     R3, G13
  0054    | NEWARRAY      R4, R5, 0
  0055    | BIND          R3..R4, F4, borderColor ; "borderColor = …"
  0056   86 GETGLOBAL     R3, G13
  0057    | LOADK         R5, K58             ; "bloom:glow"
  0058    | NEWARRAY      R4, R5, 1
  0059    | SETPROP       R3, R4, filters
  0060    | GETGLOBAL     R3, G13
  0061    | LOADK         R4, K59             ; 0.6
  0062    | SETPROP       R3, R4, filters.glow.inputIntensity
  0063   87 NEWLAYER      R0, LT4             ; plain ""
  0064    | GETGLOBAL     R3, G13
  0065    | SETMASK       R3, R0
  0066   92 LOADK         R3, K0              ; 0
  0067    | LOADK         R4, K47             ; 5
  0068    | FORPREP       R3..R4, R1, +36     ; -> 0105
  0069   93 NEWLAYER      R2, LT6             ; plain ""
  0070    | LOADK         R5, K60             ; "tile"
  0071    | MOVE          R7, R1
  0072    | CALLB         R6, R7, string
  0073    | ADD           R5, R5, R6
  0074    | SETPROP       R2, R5, name
  0075   94 LOADK         R5, K61             ; (0, 0, 32, 32)
  0076    | SETSTYLED     R2, R5, bounds
  0077    | LOADK         R5, K8              ; 8
  0078    | SETSTYLED     R2, R5, cornerRadius
  0079    | LOADK         R5, K2              ; 2
  0080    | SETSTYLED     R2, R5, borderWidth
  0081    | LOADK         R5, K15             ; #1d3557ff
  0082    | SETSTYLED     R2, R5, borderColor
  0083    | ANIMNEW       R5, AT6             ; basic position
  0084    | SETACTION     R2, R5, K62         ; "position"
  0085   93 ROOT          R5
  0086    | ADDSUBLAYER   R5, R2
  0087   95 MOVE          R6, R1
  0088    | CALL          R5, 1, F2           ; "spot"
  0089    | SETPROP       R2, R5, position
  0090   96 LOADK         R6, K63             ; #2a9d8fff
  0091    | LOADK         R7, K64             ; #e9c46aff
  0092    | LOADK         R8, K65             ; #f4a261ff
  0093    | LOADK         R9, K66             ; #e76f51ff
  0094    | LOADK         R10, K67            ; #264653ff
  0095    | NEWARRAY      R5, R6, 5
  0096    | GETINDEX      R5, R5, R1
  0097    | SETPROP       R2, R5, backgroundColor
  0098   97 LOADK         R5, K68             ; 0.4
  0099    | MOVE          R7, R1
  0100    | CALLB         R6, R7, random
  0101    | MUL           R6, R6, K59         ; 0.6
  0102    | ADD           R5, R5, R6
  0103    | SETPROP       R2, R5, opacity
  0104   92 FORLOOP       R3..R4, R1, -36     ; -> 0069
  0105  103 LOADK         R3, K69             ; "tile0"
  0106    | NAMED         R3, R3
  0107    | LOADK         R4, K70             ; "hop"
  0108    | NEWARRAY      R5, R6, 0
  0109    | ONSTOP        R3..R4, R5, F5      ; "on named(\"tile0\").hop.didStop"
  0110  106 LOADK         R3, K71             ; "tile1"
  0111    | NAMED         R3, R3
  0112    | LOADK         R4, K72             ; "settle"
  0113    | NEWARRAY      R5, R6, 0
  0114    | ONSTART       R3..R4, R5, F6      ; "on named(\"tile1\").settle.didStart"
  0115  107 LOADK         R3, K73             ; "tile4"
  0116    | NAMED         R3, R3
  0117    | LOADK         R4, K72             ; "settle"
  0118    | GETGLOBAL     R6, G3
  0119    | CALLB         R5, R6, string
  0120    | ADD           R4, R4, R5
  0121    | NEWARRAY      R5, R6, 0
  0122    | ONSTART       R3..R4, R5, F7      ; "on named(\"tile4\")[\"settle\\(count)\"].didStart"
  0123  111 LOADK         R3, K29             ; 0.5
  0124    | NEWARRAY      R4, R5, 0
  0125    | SCHEDULE      R3, R4, F8          ; "at 0.5s"
  0126  121 LOADK         R3, K5              ; 1
  0127    | NEWARRAY      R4, R5, 0
  0128    | SCHEDULE      R3, R4, F9          ; "at 1s"
  0129  136 LOADK         R3, K2              ; 2
  0130    | LOADK         R4, K5              ; 1
  0131    | LOADK         R5, K14             ; 3
  0132    | NEWARRAY      R6, R7, 0
  0133    | EVERY         R3..R5, R6, F10     ; "every 1s"
  0134  141 LOADK         R3, K14             ; 3
  0135    | NEWARRAY      R4, R5, 0
  0136    | SCHEDULE      R3, R4, F11         ; "after 3s"
  0137  152 NEWLAYER      R3, LT7             ; plain "pin"
  0138    | SETGLOBAL     R3, G15
  0139    | ROOT          R3
  0140    | GETGLOBAL     R4, G15
  0141    | ADDSUBLAYER   R3, R4
  0142  153 NEWLAYER      R3, LT8             ; plain "peg"
  0143    | SETGLOBAL     R3, G16
  0144    | ROOT          R3
  0145    | GETGLOBAL     R4, G16
  0146    | ADDSUBLAYER   R3, R4
  0147  155 NEWARRAY      R3, R4, 0
  0148    | ONFRAME       R3, F12             ; "every frame"
  0149  162 NEWLAYER      R3, LT9             ; plain "dial"
  0150    | SETGLOBAL     R3, G17
  0151    | ROOT          R3
  0152    | GETGLOBAL     R4, G17
  0153    | ADDSUBLAYER   R3, R4
  0154  165 GETGLOBAL     R3, G17
  0155    | NEWARRAY      R4, R5, 0
  0156    | SETDRAW       R3..R4, F13         ; "draw dial"
  0157  169 GETGLOBAL     R3, G17
  0158    | ANIMNEW       R4, AT7             ; basic sweep
  0159    | ANIMADD       R3, R4, K74         ; "turn"
  0160  173 NEWLAYER      R3, LT10            ; plain "comet"
  0161    | SETGLOBAL     R3, G18
  0162    | ROOT          R3
  0163    | GETGLOBAL     R4, G18
  0164    | ADDSUBLAYER   R3, R4
  0165  176 GETGLOBAL     R3, G18
  0166    | ANIMNEW       R4, AT8             ; keyframe position
  0167    | ANIMADD       R3, R4, K75         ; "orbit"
  0168  182 NEWLAYER      R3, LT11            ; emitter "spray"
  0169    | SETGLOBAL     R3, G19
  0170    | ROOT          R3
  0171    | GETGLOBAL     R4, G19
  0172    | ADDSUBLAYER   R3, R4
  0173    | GETGLOBAL     R3, G19
  0174    | LOADK         R5, K76             ; "drop"
  0175    | LOADK         R6, K77             ; "drop.mist"
  0176    | NEWARRAY      R4, R5, 2
  0177    | SETPROP       R3, R4, emitterCells
  0178  190 LOADK         R3, K14             ; 3
  0179    | NEWARRAY      R4, R5, 0
  0180    | SCHEDULE      R3, R4, F14         ; "at 3s"
  0181  193 NEWLAYER      R3, LT12            ; plain "pebble"
  0182    | SETGLOBAL     R3, G20
  0183    | ROOT          R3
  0184    | GETGLOBAL     R4, G20
  0185    | ADDSUBLAYER   R3, R4
  0186  195 GETGLOBAL     R4, G20
  0187    | NEWARRAY      R3, R4, 1
  0188    | DYNSET        R3, items, BT0      ; gravity "fall"
  0189    | LOADBOOL      R3, 0
  0190    | DYNSET        R3, active, BT0     ; gravity "fall"
  0191  196 GETGLOBAL     R4, G20
  0192    | NEWARRAY      R3, R4, 1
  0193    | DYNSET        R3, items, BT1      ; collision "floor"
  0194    | ROOT          R3
  0195    | GETPROP       R3, R3, bounds
  0196    | DYNSET        R3, boundary, BT1   ; collision "floor"
  0197    | LOADBOOL      R3, 1
  0198    | DYNSET        R3, active, BT1     ; collision "floor"
  0199  197 GETGLOBAL     R4, G20
  0200    | NEWARRAY      R3, R4, 1
  0201    | DYNSET        R3, items, BT2      ; itemBehavior "bounce"
  0202    | LOADBOOL      R3, 1
  0203    | DYNSET        R3, active, BT2     ; itemBehavior "bounce"
  0204  199 LOADK         R3, K2              ; 2
  0205    | NEWARRAY      R4, R5, 0
  0206    | SCHEDULE      R3, R4, F15         ; "at 2s"
  0207  200 NEWARRAY      R3, R4, 0
  0208    | SETGLOBAL     R3, G21
  0209  201 NEWARRAY      R3, R4, 0
  0210    | ONCONTACT     BT1, R3, F16        ; collision "floor", "on floor.beganContact"
  0211    | RET

.function F1 "fact" params 1 registers 4
  0000   24 LE            R1, R0, K5          ; 1
  0001    | JMPIFNOT      R1, +2              ; -> 0004
  0002    | LOADK         R1, K5              ; 1
  0003    | RETV          R1
  0004   25 SUB           R3, R0, K5          ; 1
  0005    | CALL          R2, 1, F1           ; "fact"
  0006    | MUL           R1, R0, R2
  0007    | RETV          R1

.function F2 "spot" params 1 registers 3
  0000   28 LOADK         R1, K78             ; 40
  0001    | MUL           R2, R0, K79         ; 44
  0002    | ADD           R1, R1, R2
  0003    | LOADK         R2, K80             ; 150
  0004    | MKPOINT       R1, R1, R2
  0005    | RETV          R1

.function F3 "opacity = …" params 0 registers 4
  0000   84 LOADK         R0, K81             ; 0.55
  0001    | LOADK         R1, K82             ; 0.45
  0002    | NOW           R3
  0003    | DIV           R3, R3, K5          ; 1
  0004    | MUL           R3, R3, K83         ; 3.141592653589793
  0005    | CALLB         R2, R3, cos
  0006    | MUL           R1, R1, R2
  0007    | ADD           R0, R0, R1
  0008    | RETV          R0

.function F4 "borderColor = …" params 0 registers 1
  0000   85 NOW           R0
  0001    | LT            R0, R0, K14         ; 3
  0002    | JMPIFNOT      R0, +2              ; -> 0005
  0003    | LOADK         R0, K15             ; #1d3557ff
  0004    | JMP           +1                  ; -> 0006
  0005    | LOADK         R0, K19             ; rgba(0.54, 0.7799999999999999, 0.9, 1)
  0006    | RETV          R0

.function F5 "on named(\"tile0\").hop.didStop" params 1 registers 3
  0000  104 JMPIFNOT      R0, +4              ; -> 0005
  0001    | LOADK         R1, K69             ; "tile0"
  0002    | NAMED         R1, R1
  0003    | LOADK         R2, K24             ; rgba(0.9, 0.22, 0.27, 1)
  0004    | SETPROP       R1, R2, backgroundColor
  0005  105 RET

.function F6 "on named(\"tile1\").settle.didStart" params 0 registers 1
  0000  106 GETGLOBAL     R0, G3
  0001    | MOD           R0, R0, K2          ; 2
  0002    | SETGLOBAL     R0, G3
  0003    | RET

.function F7 "on named(\"tile4\")[\"settle\\(count)\"].didStart" params 0 registers 2
  0000  108 LOADK         R0, K73             ; "tile4"
  0001    | NAMED         R0, R0
  0002    | LOADK         R1, K15             ; #1d3557ff
  0003    | SETPROP       R0, R1, backgroundColor
  0004  109 RET

.function F8 "at 0.5s" params 0 registers 7
  0000  112 LOADK         R1, K69             ; "tile0"
  0001    | NAMED         R1, R1
  0002    | ANIMNEW       R2, AT1             ; keyframe position.y
  0003    | LOADK         R4, K80             ; 150
  0004    | LOADK         R5, K84             ; 120
  0005    | LOADK         R6, K80             ; 150
  0006    | NEWARRAY      R3, R4, 3
  0007    | ANIMSET       R2, R3, values
  0008    | ANIMADD       R1, R2, K70         ; "hop"
  0009  113 LOADK         R1, K71             ; "tile1"
  0010    | NAMED         R1, R1
  0011    | ANIMNEW       R2, AT2             ; spring transform.scale
  0012    | ANIMADD       R1, R2, K72         ; "settle"
  0013  114 LOADK         R1, K85             ; "tile2"
  0014    | NAMED         R1, R1
  0015    | ANIMNEW       R2, AT5             ; group bounds
  0016    | ANIMNEW       R4, AT3             ; basic opacity
  0017    | ANIMNEW       R5, AT4             ; basic position.x
  0018    | NEWARRAY      R3, R4, 2
  0019    | ANIMSET       R2, R3, animations
  0020    | ANIMADD       R1, R2, K86         ; "intro"
  0021  115 ANIMNEW       R1, AT5             ; group bounds
  0022    | ANIMNEW       R3, AT3             ; basic opacity
  0023    | ANIMNEW       R4, AT4             ; basic position.x
  0024    | NEWARRAY      R2, R3, 2
  0025    | ANIMSET       R1, R2, animations
  0026    | MOVE          R0, R1
  0027  116 ANIMCOPY      R1, R0
  0028    | LOADK         R2, K87             ; 1.5
  0029    | ANIMSET       R1, R2, beginTime
  0030    | MOVE          R0, R1
  0031  117 LOADK         R1, K88             ; "tile3"
  0032    | NAMED         R1, R1
  0033    | ANIMADD       R1, R0, K86         ; "intro"
  0034  118 LOADK         R1, K73             ; "tile4"
  0035    | NAMED         R1, R1
  0036    | ANIMNEW       R2, AT2             ; spring transform.scale
  0037    | LOADK         R3, K72             ; "settle"
  0038    | GETGLOBAL     R5, G3
  0039    | CALLB         R4, R5, string
  0040    | ADD           R3, R3, R4
  0041    | ANIMADDK      R1, R2, R3
  0042  119 RET

.function F9 "at 1s" params 0 registers 4
  0000  122 GETGLOBAL     R0, G9
  0001    | LOADK         R1, K84             ; 120
  0002    | SETPROP       R0, R1, position.x
  0003  123 GETGLOBAL     R0, G11
  0004    | UNCONSTRAIN   R0
  0005    | GETGLOBAL     R0, G11
  0006    | GETGLOBAL     R1, G10
  0007    | GETPROP       R1, R1, name
  0008    | LOADK         R2, K5              ; 1
  0009    | LOADK         R3, K13             ; 12
  0010    | CONSTRAIN     R0, R1..R3, minX=minX
  0011    | GETGLOBAL     R0, G11
  0012    | GETGLOBAL     R1, G10
  0013    | GETPROP       R1, R1, name
  0014    | LOADK         R2, K5              ; 1
  0015    | LOADK         R3, K89             ; 6
  0016    | CONSTRAIN     R0, R1..R3, minY=maxY
  0017  124 GETGLOBAL     R0, G13
  0018    | LOADNIL       R1
  0019    | SETACTION     R0, R1, K90         ; "borderWidth"
  0020  125 TXBEGIN
  0021    | LOADK         R0, K5              ; 1
  0022    | TXSET         R0, animationDuration
  0023    | LOADK         R0, K91             ; linear
  0024    | TXSET         R0, animationTimingFunction
  0025    | NEWARRAY      R0, R1, 0
  0026    | TXCOMPLETION  R0, F17             ; "transaction completion"
  0027  126 GETGLOBAL     R0, G13
  0028    | LOADK         R1, K80             ; 150
  0029    | SETPROP       R0, R1, position.y
  0030  127 TXBEGIN
  0031    | LOADBOOL      R0, 1
  0032    | TXSET         R0, disableActions
  0033    | GETGLOBAL     R0, G10
  0034    | LOADK         R1, K92             ; #a8dadcff
  0035    | SETPROP       R0, R1, backgroundColor
  0036    | TXCOMMIT
  0037  130 TXCOMMIT
  0038  131 TXBEGIN
  0039    | LOADK         R0, K29             ; 0.5
  0040    | TXSET         R0, animationDuration
  0041    | LOADK         R0, K93             ; easeInEaseOut
  0042    | TXSET         R0, animationTimingFunction
  0043    | LOADBOOL      R0, 0
  0044    | TXSET         R0, beginFromCurrentState
  0045    | NEWARRAY      R0, R1, 0
  0046    | TXCOMPLETIONF R0, F18             ; "animate completion"
  0047    | GETGLOBAL     R0, G18
  0048    | LOADK         R1, K59             ; 0.6
  0049    | SETPROP       R0, R1, opacity
  0050  133 TXCOMMIT
  0051  134 RET

.function F10 "every 1s" params 0 registers 3
  0000  137 GETGLOBAL     R0, G3
  0001    | ADD           R0, R0, K5          ; 1
  0002    | SETGLOBAL     R0, G3
  0003  138 LOADK         R0, K88             ; "tile3"
  0004    | NAMED         R0, R0
  0005    | LOADK         R1, K80             ; 150
  0006    | GETGLOBAL     R2, G3
  0007    | MUL           R2, R2, K35         ; 4
  0008    | SUB           R1, R1, R2
  0009    | SETPROP       R0, R1, position.y
  0010  139 RET

.function F11 "after 3s" params 0 registers 3
  0000  142 GETGLOBAL     R0, G9
  0001    | ANIMREMOVE    R0, K94             ; "nothing"
  0002  143 GETGLOBAL     R0, G9
  0003    | GETGLOBAL     R1, G12
  0004    | LOADK         R2, K0              ; 0
  0005    | INSERTAT      R0, R1, R2
  0006  144 GETGLOBAL     R0, G12
  0007    | SUPERLAYER    R0, R0
  0008    | GETGLOBAL     R1, G9
  0009    | EQ            R0, R0, R1
  0010    | JMPIFNOT      R0, +4              ; -> 0015
  0011    | GETGLOBAL     R0, G9
  0012    | GETMASK       R0, R0
  0013    | LOADNIL       R1
  0014    | EQ            R0, R0, R1
  0015    | JMPIFNOT      R0, +6              ; -> 0022
  0016  145 GETGLOBAL     R0, G9
  0017    | SUBLAYERS     R0, R0
  0018    | LOADK         R1, K5              ; 1
  0019    | GETINDEX      R0, R0, R1
  0020    | LOADK         R1, K95             ; #f1faeeff
  0021    | SETPROP       R0, R1, backgroundColor
  0022  147 GETGLOBAL     R0, G12
  0023    | ANIMREMOVEALL R0
  0024  148 GETGLOBAL     R0, G9
  0025    | GETGLOBAL     R1, G15
  0026    | GETGLOBAL     R2, G12
  0027    | INSERTABOVE   R0, R1, R2
  0028  149 GETGLOBAL     R0, G9
  0029    | GETGLOBAL     R1, G15
  0030    | GETGLOBAL     R2, G16
  0031    | REPLACESUB    R0, R1, R2
  0032  150 GETGLOBAL     R0, G11
  0033    | REMOVEFROMSUPER R0
  0034  151 RET

.function F12 "every frame" params 0 registers 3
  0000  156 LOADK         R0, K96             ; 100
  0001    | GETGLOBAL     R1, G9
  0002    | GETPRES       R1, R1, position.x
  0003    | LT            R0, R0, R1
  0004    | JMPIFNOT      R0, +4              ; -> 0009
  0005    | GETGLOBAL     R0, G13
  0006    | LOADK         R2, K14             ; 3
  0007    | CALL          R1, 1, F1           ; "fact"
  0008    | SETPROP       R0, R1, zPosition
  0009  157 RET

.function F13 "draw dial" params 1 registers 9
  0000  166 LOADK         R4, K97             ; (20, 20)
  0001    | LOADK         R5, K98             ; 16
  0002    | LOADK         R6, K0              ; 0
  0003    | GETPRES       R7, R0, sweep
  0004    | LOADBOOL      R8, 0
  0005    | CALLB         R1, R4, arc
  0006    | LOADK         R2, K15             ; #1d3557ff
  0007    | LOADK         R3, K14             ; 3
  0008    | DRAWSTROKE    R1..R3
  0009  167 GETGLOBAL     R1, G4
  0010    | LOADK         R2, K99             ; (4, 24)
  0011    | LOADK         R3, K8              ; 8
  0012    | LOADK         R4, K15             ; #1d3557ff
  0013    | DRAWTEXT      R1..R4
  0014  168 RET

.function F14 "at 3s" params 0 registers 2
  0000  190 GETGLOBAL     R0, G19
  0001    | LOADK         R1, K0              ; 0
  0002    | SETPROP       R0, R1, emitterCells.drop.birthRate
  0003    | RET

.function F15 "at 2s" params 0 registers 1
  0000  199 LOADBOOL      R0, 1
  0001    | DYNSET        R0, active, BT0     ; gravity "fall"
  0002    | RET

.function F16 "on floor.beganContact" params 3 registers 6
  0000  201 GETGLOBAL     R3, G21
  0001    | GETPROP       R4, R0, position.y
  0002    | LOADNIL       R5
  0003    | SETGLOBAL     R5, G21
  0004    | APPEND        R3, R4
  0005    | SETGLOBAL     R3, G21
  0006    | RET

.function F17 "transaction completion" params 0 registers 2
  0000  129 GETGLOBAL     R0, G13
  0001    | LOADK         R1, K35             ; 4
  0002    | SETPROP       R0, R1, borderWidth
  0003  130 RET

.function F18 "animate completion" params 1 registers 3
  0000  132 JMPIFNOT      R0, +3              ; -> 0004
  0001    | GETGLOBAL     R1, G18
  0002    | LOADK         R2, K15             ; #1d3557ff
  0003    | SETPROP       R1, R2, backgroundColor
  0004  133 RET
