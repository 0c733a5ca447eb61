; calc bytecode, format 3
; source: Samples/tour/tour.cal
.scene size 256x192 scale 1 fps 12 duration 4 background #f4f1eaff origin topLeft
.globals 19
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
  K28     number    0.5
  K29     timing    easeOut
  K30     rect      (0, 0, 40, 40)
  K31     point     (220, 160)
  K32     number    4
  K33     timing    spring(1, 100, 12, 0)
  K34     rect      (0, 0, 8, 4)
  K35     path      path(move 240, 150; cubic 240, 166.5685424949238, 219.8528137423857, 180, 195, 180; cubic 170.1471862576143, 180, 150, 166.5685424949238, 150, 150; cubic 150, 133.4314575050762, 170.1471862576143, 120, 195, 120; cubic 219.8528137423857, 120, 240, 133.4314575050762, 240, 150; close)
  K36     enum      case 2
  K37     enum      case 0
  K38     point     (24, 184)
  K39     number    20
  K40     number    60
  K41     number    -1.0471975511965976
  K42     number    0.3490658503988659
  K43     number    80
  K44     number    5
  K45     number    0.2
  K46     rect      (0, 0, 10, 10)
  K47     point     (248, 12)
  K48     string    "tile "
  K49     enum      case 1
  K50     string    "band"
  K51     string    "superlayer"
  K52     number    -10
  K53     string    "spin"
  K54     string    "bloom:glow"
  K55     number    0.6
  K56     string    "tile"
  K57     rect      (0, 0, 32, 32)
  K58     string    "position"
  K59     color     #2a9d8fff
  K60     color     #e9c46aff
  K61     color     #f4a261ff
  K62     color     #e76f51ff
  K63     color     #264653ff
  K64     number    0.4
  K65     string    "tile0"
  K66     string    "hop"
  K67     string    "turn"
  K68     string    "orbit"
  K69     string    "drop"
  K70     string    "drop.mist"
  K71     number    40
  K72     number    44
  K73     number    150
  K74     number    0.55
  K75     number    0.45
  K76     number    3.141592653589793
  K77     number    120
  K78     string    "tile1"
  K79     string    "settle"
  K80     string    "tile2"
  K81     string    "intro"
  K82     timing    linear
  K83     color     #a8dadcff
  K84     string    "tile3"
  K85     string    "nothing"
  K86     number    100
  K87     point     (20, 20)
  K88     number    16
  K89     point     (4, 24)

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

.layer LT4 plain "pulse"
  bounds = K25                ; (0, 0, 36, 36)
  position = K26              ; (210, 50)
  cornerRadius = K27          ; 18
  backgroundColor = K24       ; rgba(0.9, 0.22, 0.27, 1)

.layer LT5 plain ""

.layer LT6 plain "dial"
  bounds = K30                ; (0, 0, 40, 40)
  position = K31              ; (220, 160)

.layer LT7 plain "comet"
  bounds = K34                ; (0, 0, 8, 4)
  backgroundColor = K24       ; rgba(0.9, 0.22, 0.27, 1)

.layer LT8 emitter "spray"
  emitterPosition = K38       ; (24, 184)
  seed = K14                  ; 3
  emitterCells.drop.birthRate = K39 ; 20
  emitterCells.drop.lifetime = K5 ; 1
  emitterCells.drop.velocity = K40 ; 60
  emitterCells.drop.emissionLongitude = K41 ; -1.0471975511965976
  emitterCells.drop.emissionRange = K42 ; 0.3490658503988659
  emitterCells.drop.yAcceleration = K43 ; 80
  emitterCells.drop.color = K19 ; rgba(0.54, 0.7799999999999999, 0.9, 1)
  emitterCells.drop.emitterCells.mist.birthRate = K44 ; 5
  emitterCells.drop.emitterCells.mist.lifetime = K45 ; 0.2

.layer LT9 plain "pebble"
  bounds = K46                ; (0, 0, 10, 10)
  position = K47              ; (248, 12)
  cornerRadius = K44          ; 5
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
  duration = K28              ; 0.5
  timingFunction = K29        ; easeOut

.animation AT7 basic sweep
  to = K1                     ; 6.283185307179586
  duration = K32              ; 4
  timingFunction = K33        ; spring(1, 100, 12, 0)

.animation AT8 keyframe position
  path = K35                  ; path(move 240, 150; cubic 240, 166.5685424949238, 219.8528137423857, 180, 195, 180; cubic 170.1471862576143, 180, 150, 166.5685424949238, 150, 150; cubic 150, 133.4314575050762, 170.1471862576143, 120, 195, 120; cubic 219.8528137423857, 120, 240, 133.4314575050762, 240, 150; close)
  calculationMode = K36       ; .paced
  rotationMode = K37          ; .auto
  duration = K32              ; 4

.behavior BT0 gravity "fall"

.behavior BT1 collision "floor"

.behavior BT2 itemBehavior "bounce"
  elasticity = K28            ; 0.5

.function F0 "main" params 0 registers 10
  0000   19 LOADK         R2, K14             ; 3
  0001    | SETGLOBAL     R2, G3
  0002   20 LOADK         R2, K48             ; "tile "
  0003    | GETGLOBAL     R4, G3
  0004    | ADD           R4, R4, K5          ; 1
  0005    | CALLB         R3, R4, string
  0006    | ADD           R2, R2, R3
  0007    | SETGLOBAL     R2, G4
  0008   52 NEWLAYER      R2, LT3             ; plain "card"
  0009    | SETGLOBAL     R2, G9
  0010    | ROOT          R2
  0011    | GETGLOBAL     R3, G9
  0012    | ADDSUBLAYER   R2, R3
  0013   62 NEWLAYER      R2, LT0             ; plain "band"
  0014    | SETGLOBAL     R2, G10
  0015    | GETGLOBAL     R2, G9
  0016    | GETGLOBAL     R3, G10
  0017    | ADDSUBLAYER   R2, R3
  0018    | GETGLOBAL     R2, G10
  0019    | LOADK         R4, K49             ; case 1
  0020    | NEWARRAY      R3, R4, 1
  0021    | SETPROP       R2, R3, autoresizingMask
  0022   63 NEWLAYER      R2, LT1             ; plain "caption"
  0023    | SETGLOBAL     R2, G11
  0024    | GETGLOBAL     R2, G9
  0025    | GETGLOBAL     R3, G11
  0026    | ADDSUBLAYER   R2, R3
  0027   66 GETGLOBAL     R2, G11
  0028    | LOADK         R3, K50             ; "band"
  0029    | LOADK         R4, K5              ; 1
  0030    | LOADK         R5, K13             ; 12
  0031    | CONSTRAIN     R2, R3..R5, minX=minX
  0032    | GETGLOBAL     R2, G11
  0033    | LOADK         R3, K51             ; "superlayer"
  0034    | LOADK         R4, K5              ; 1
  0035    | LOADK         R5, K52             ; -10
  0036    | CONSTRAIN     R2, R3..R5, maxY=maxY
  0037   68 NEWLAYER      R2, LT2             ; plain "badge"
  0038    | SETGLOBAL     R2, G12
  0039    | GETGLOBAL     R2, G9
  0040    | GETGLOBAL     R3, G12
  0041    | ADDSUBLAYER   R2, R3
  0042   74 GETGLOBAL     R2, G12
  0043    | ANIMNEW       R3, AT0             ; basic transform.rotation.z
  0044    | ANIMADD       R2, R3, K53         ; "spin"
  0045   79 NEWLAYER      R2, LT4             ; plain "pulse"
  0046    | SETGLOBAL     R2, G13
  0047    | ROOT          R2
  0048    | GETGLOBAL     R3, G13
  0049    | ADDSUBLAYER   R2, R3
  0050   84 GETGLOBAL     R2, G13
  0051    | NEWARRAY      R3, R4, 0
  0052    | BIND          R2..R3, F3, opacity ; "opacity = …"
  0053   85 GETGLOBAL     R2, G13
  0054    | LOADK         R4, K54             ; "bloom:glow"
  0055    | NEWARRAY      R3, R4, 1
  0056    | SETPROP       R2, R3, filters
  0057    | GETGLOBAL     R2, G13
  0058    | LOADK         R3, K55             ; 0.6
  0059    | SETPROP       R2, R3, filters.glow.inputIntensity
  0060   90 LOADK         R2, K0              ; 0
  0061    | LOADK         R3, K44             ; 5
  0062    | FORPREP       R2..R3, R0, +36     ; -> 0099
  0063   91 NEWLAYER      R1, LT5             ; plain ""
  0064    | LOADK         R4, K56             ; "tile"
  0065    | MOVE          R6, R0
  0066    | CALLB         R5, R6, string
  0067    | ADD           R4, R4, R5
  0068    | SETPROP       R1, R4, name
  0069   92 LOADK         R4, K57             ; (0, 0, 32, 32)
  0070    | SETPROP       R1, R4, bounds
  0071    | LOADK         R4, K8              ; 8
  0072    | SETPROP       R1, R4, cornerRadius
  0073    | LOADK         R4, K2              ; 2
  0074    | SETPROP       R1, R4, borderWidth
  0075    | LOADK         R4, K15             ; #1d3557ff
  0076    | SETPROP       R1, R4, borderColor
  0077    | ANIMNEW       R4, AT6             ; basic position
  0078    | SETACTION     R1, R4, K58         ; "position"
  0079   91 ROOT          R4
  0080    | ADDSUBLAYER   R4, R1
  0081   93 MOVE          R5, R0
  0082    | CALL          R4, 1, F2           ; "spot"
  0083    | SETPROP       R1, R4, position
  0084   94 LOADK         R5, K59             ; #2a9d8fff
  0085    | LOADK         R6, K60             ; #e9c46aff
  0086    | LOADK         R7, K61             ; #f4a261ff
  0087    | LOADK         R8, K62             ; #e76f51ff
  0088    | LOADK         R9, K63             ; #264653ff
  0089    | NEWARRAY      R4, R5, 5
  0090    | GETINDEX      R4, R4, R0
  0091    | SETPROP       R1, R4, backgroundColor
  0092   95 LOADK         R4, K64             ; 0.4
  0093    | MOVE          R6, R0
  0094    | CALLB         R5, R6, random
  0095    | MUL           R5, R5, K55         ; 0.6
  0096    | ADD           R4, R4, R5
  0097    | SETPROP       R1, R4, opacity
  0098   90 FORLOOP       R2..R3, R0, -36     ; -> 0063
  0099  100 LOADK         R2, K65             ; "tile0"
  0100    | NAMED         R2, R2
  0101    | LOADK         R3, K66             ; "hop"
  0102    | NEWARRAY      R4, R5, 0
  0103    | ONSTOP        R2..R3, R4, F4      ; "on named(\"tile0\").hop.didStop"
  0104  104 LOADK         R2, K28             ; 0.5
  0105    | NEWARRAY      R3, R4, 0
  0106    | SCHEDULE      R2, R3, F5          ; "at 0.5s"
  0107  110 LOADK         R2, K5              ; 1
  0108    | NEWARRAY      R3, R4, 0
  0109    | SCHEDULE      R2, R3, F6          ; "at 1s"
  0110  120 LOADK         R2, K2              ; 2
  0111    | LOADK         R3, K5              ; 1
  0112    | LOADK         R4, K14             ; 3
  0113    | NEWARRAY      R5, R6, 0
  0114    | EVERY         R2..R4, R5, F7      ; "every 1s"
  0115  125 LOADK         R2, K14             ; 3
  0116    | NEWARRAY      R3, R4, 0
  0117    | SCHEDULE      R2, R3, F8          ; "after 3s"
  0118  131 NEWARRAY      R2, R3, 0
  0119    | ONFRAME       R2, F9              ; "every frame"
  0120  138 NEWLAYER      R2, LT6             ; plain "dial"
  0121    | SETGLOBAL     R2, G15
  0122    | ROOT          R2
  0123    | GETGLOBAL     R3, G15
  0124    | ADDSUBLAYER   R2, R3
  0125  141 GETGLOBAL     R2, G15
  0126    | NEWARRAY      R3, R4, 0
  0127    | SETDRAW       R2..R3, F10         ; "draw dial"
  0128  145 GETGLOBAL     R2, G15
  0129    | ANIMNEW       R3, AT7             ; basic sweep
  0130    | ANIMADD       R2, R3, K67         ; "turn"
  0131  149 NEWLAYER      R2, LT7             ; plain "comet"
  0132    | SETGLOBAL     R2, G16
  0133    | ROOT          R2
  0134    | GETGLOBAL     R3, G16
  0135    | ADDSUBLAYER   R2, R3
  0136  152 GETGLOBAL     R2, G16
  0137    | ANIMNEW       R3, AT8             ; keyframe position
  0138    | ANIMADD       R2, R3, K68         ; "orbit"
  0139  158 NEWLAYER      R2, LT8             ; emitter "spray"
  0140    | SETGLOBAL     R2, G17
  0141    | ROOT          R2
  0142    | GETGLOBAL     R3, G17
  0143    | ADDSUBLAYER   R2, R3
  0144    | GETGLOBAL     R2, G17
  0145    | LOADK         R4, K69             ; "drop"
  0146    | LOADK         R5, K70             ; "drop.mist"
  0147    | NEWARRAY      R3, R4, 2
  0148    | SETPROP       R2, R3, emitterCells
  0149  166 LOADK         R2, K14             ; 3
  0150    | NEWARRAY      R3, R4, 0
  0151    | SCHEDULE      R2, R3, F11         ; "at 3s"
  0152  169 NEWLAYER      R2, LT9             ; plain "pebble"
  0153    | SETGLOBAL     R2, G18
  0154    | ROOT          R2
  0155    | GETGLOBAL     R3, G18
  0156    | ADDSUBLAYER   R2, R3
  0157  171 GETGLOBAL     R3, G18
  0158    | NEWARRAY      R2, R3, 1
  0159    | DYNSET        R2, items, BT0      ; gravity "fall"
  0160    | LOADBOOL      R2, 0
  0161    | DYNSET        R2, active, BT0     ; gravity "fall"
  0162  172 GETGLOBAL     R3, G18
  0163    | NEWARRAY      R2, R3, 1
  0164    | DYNSET        R2, items, BT1      ; collision "floor"
  0165    | ROOT          R2
  0166    | GETPROP       R2, R2, bounds
  0167    | DYNSET        R2, boundary, BT1   ; collision "floor"
  0168    | LOADBOOL      R2, 1
  0169    | DYNSET        R2, active, BT1     ; collision "floor"
  0170  173 GETGLOBAL     R3, G18
  0171    | NEWARRAY      R2, R3, 1
  0172    | DYNSET        R2, items, BT2      ; itemBehavior "bounce"
  0173    | LOADBOOL      R2, 1
  0174    | DYNSET        R2, active, BT2     ; itemBehavior "bounce"
  0175  175 LOADK         R2, K2              ; 2
  0176    | NEWARRAY      R3, R4, 0
  0177    | SCHEDULE      R2, R3, F12         ; "at 2s"
  0178    | RET

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
  0000   28 LOADK         R1, K71             ; 40
  0001    | MUL           R2, R0, K72         ; 44
  0002    | ADD           R1, R1, R2
  0003    | LOADK         R2, K73             ; 150
  0004    | MKPOINT       R1, R1, R2
  0005    | RETV          R1

.function F3 "opacity = …" params 0 registers 4
  0000   84 LOADK         R0, K74             ; 0.55
  0001    | LOADK         R1, K75             ; 0.45
  0002    | NOW           R3
  0003    | DIV           R3, R3, K5          ; 1
  0004    | MUL           R3, R3, K76         ; 3.141592653589793
  0005    | CALLB         R2, R3, cos
  0006    | MUL           R1, R1, R2
  0007    | ADD           R0, R0, R1
  0008    | RETV          R0

.function F4 "on named(\"tile0\").hop.didStop" params 1 registers 3
  0000  101 JMPIFNOT      R0, +4              ; -> 0005
  0001    | LOADK         R1, K65             ; "tile0"
  0002    | NAMED         R1, R1
  0003    | LOADK         R2, K24             ; rgba(0.9, 0.22, 0.27, 1)
  0004    | SETPROP       R1, R2, backgroundColor
  0005  102 RET

.function F5 "at 0.5s" params 0 registers 6
  0000  105 LOADK         R0, K65             ; "tile0"
  0001    | NAMED         R0, R0
  0002    | ANIMNEW       R1, AT1             ; keyframe position.y
  0003    | LOADK         R3, K73             ; 150
  0004    | LOADK         R4, K77             ; 120
  0005    | LOADK         R5, K73             ; 150
  0006    | NEWARRAY      R2, R3, 3
  0007    | ANIMSET       R1, R2, values
  0008    | ANIMADD       R0, R1, K66         ; "hop"
  0009  106 LOADK         R0, K78             ; "tile1"
  0010    | NAMED         R0, R0
  0011    | ANIMNEW       R1, AT2             ; spring transform.scale
  0012    | ANIMADD       R0, R1, K79         ; "settle"
  0013  107 LOADK         R0, K80             ; "tile2"
  0014    | NAMED         R0, R0
  0015    | ANIMNEW       R1, AT5             ; group bounds
  0016    | ANIMNEW       R3, AT3             ; basic opacity
  0017    | ANIMNEW       R4, AT4             ; basic position.x
  0018    | NEWARRAY      R2, R3, 2
  0019    | ANIMSET       R1, R2, animations
  0020    | ANIMADD       R0, R1, K81         ; "intro"
  0021  108 RET

.function F6 "at 1s" params 0 registers 2
  0000  111 GETGLOBAL     R0, G9
  0001    | LOADK         R1, K77             ; 120
  0002    | SETPROP       R0, R1, position.x
  0003  112 TXBEGIN
  0004    | LOADK         R0, K5              ; 1
  0005    | TXSET         R0, animationDuration
  0006    | LOADK         R0, K82             ; linear
  0007    | TXSET         R0, animationTimingFunction
  0008    | NEWARRAY      R0, R1, 0
  0009    | TXCOMPLETION  R0, F13             ; "transaction completion"
  0010  113 GETGLOBAL     R0, G13
  0011    | LOADK         R1, K73             ; 150
  0012    | SETPROP       R0, R1, position.y
  0013  114 TXBEGIN
  0014    | LOADBOOL      R0, 1
  0015    | TXSET         R0, disableActions
  0016    | GETGLOBAL     R0, G10
  0017    | LOADK         R1, K83             ; #a8dadcff
  0018    | SETPROP       R0, R1, backgroundColor
  0019    | TXCOMMIT
  0020  117 TXCOMMIT
  0021  118 RET

.function F7 "every 1s" params 0 registers 3
  0000  121 GETGLOBAL     R0, G3
  0001    | ADD           R0, R0, K5          ; 1
  0002    | SETGLOBAL     R0, G3
  0003  122 LOADK         R0, K84             ; "tile3"
  0004    | NAMED         R0, R0
  0005    | LOADK         R1, K73             ; 150
  0006    | GETGLOBAL     R2, G3
  0007    | MUL           R2, R2, K32         ; 4
  0008    | SUB           R1, R1, R2
  0009    | SETPROP       R0, R1, position.y
  0010  123 RET

.function F8 "after 3s" params 0 registers 3
  0000  126 GETGLOBAL     R0, G9
  0001    | ANIMREMOVE    R0, K85             ; "nothing"
  0002  127 GETGLOBAL     R0, G9
  0003    | GETGLOBAL     R1, G12
  0004    | LOADK         R2, K0              ; 0
  0005    | INSERTAT      R0, R1, R2
  0006  128 GETGLOBAL     R0, G12
  0007    | ANIMREMOVEALL R0
  0008  129 RET

.function F9 "every frame" params 0 registers 3
  0000  132 LOADK         R0, K86             ; 100
  0001    | GETGLOBAL     R1, G9
  0002    | GETPRES       R1, R1, position.x
  0003    | LT            R0, R0, R1
  0004    | JMPIFNOT      R0, +4              ; -> 0009
  0005    | GETGLOBAL     R0, G13
  0006    | LOADK         R2, K14             ; 3
  0007    | CALL          R1, 1, F1           ; "fact"
  0008    | SETPROP       R0, R1, zPosition
  0009  133 RET

.function F10 "draw dial" params 1 registers 9
  0000  142 LOADK         R4, K87             ; (20, 20)
  0001    | LOADK         R5, K88             ; 16
  0002    | LOADK         R6, K0              ; 0
  0003    | GETPRES       R7, R0, sweep
  0004    | LOADBOOL      R8, 0
  0005    | CALLB         R1, R4, arc
  0006    | LOADK         R2, K15             ; #1d3557ff
  0007    | LOADK         R3, K14             ; 3
  0008    | DRAWSTROKE    R1..R3
  0009  143 GETGLOBAL     R1, G4
  0010    | LOADK         R2, K89             ; (4, 24)
  0011    | LOADK         R3, K8              ; 8
  0012    | LOADK         R4, K15             ; #1d3557ff
  0013    | DRAWTEXT      R1..R4
  0014  144 RET

.function F11 "at 3s" params 0 registers 2
  0000  166 GETGLOBAL     R0, G17
  0001    | LOADK         R1, K0              ; 0
  0002    | SETPROP       R0, R1, emitterCells.drop.birthRate
  0003    | RET

.function F12 "at 2s" params 0 registers 1
  0000  175 LOADBOOL      R0, 1
  0001    | DYNSET        R0, active, BT0     ; gravity "fall"
  0002    | RET

.function F13 "transaction completion" params 0 registers 2
  0000  116 GETGLOBAL     R0, G13
  0001    | LOADK         R1, K32             ; 4
  0002    | SETPROP       R0, R1, borderWidth
  0003  117 RET
