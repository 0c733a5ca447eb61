; calc bytecode, format 2
; source: Samples/tour/tour.cal
.scene size 256x192 scale 1 fps 12 duration 4 background #f4f1eaff origin topLeft
.globals 18
.property "sweep" id 32768 angle = 0
.property "emitterCells.drop.birthRate" id 32769 number = 0
.property "emitterCells.drop.lifetime" id 32770 duration = 0
.property "emitterCells.drop.velocity" id 32771 number = 0
.property "emitterCells.drop.emissionLongitude" id 32772 angle = 0
.property "emitterCells.drop.emissionRange" id 32773 angle = 0
.property "emitterCells.drop.yAcceleration" id 32774 number = 0
.property "emitterCells.drop.color" id 32775 color = #ffffffff
.property "emitterCells.drop.emitterCells.mist.birthRate" id 32776 number = 0
.property "emitterCells.drop.emitterCells.mist.lifetime" id 32777 duration = 0

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
  K33     point     (24, 184)
  K34     number    20
  K35     number    60
  K36     number    -1.0471975511965976
  K37     number    0.3490658503988659
  K38     number    80
  K39     number    5
  K40     number    0.2
  K41     rect      (0, 0, 10, 10)
  K42     point     (248, 12)
  K43     string    "tile "
  K44     string    "band"
  K45     string    "superlayer"
  K46     number    -10
  K47     string    "spin"
  K48     string    "tile"
  K49     rect      (0, 0, 32, 32)
  K50     string    "position"
  K51     color     #2a9d8fff
  K52     color     #e9c46aff
  K53     color     #f4a261ff
  K54     color     #e76f51ff
  K55     color     #264653ff
  K56     number    0.4
  K57     number    0.6
  K58     string    "tile0"
  K59     string    "hop"
  K60     string    "turn"
  K61     string    "drop"
  K62     string    "drop.mist"
  K63     number    40
  K64     number    44
  K65     number    150
  K66     number    0.55
  K67     number    0.45
  K68     number    3.141592653589793
  K69     number    120
  K70     string    "tile1"
  K71     string    "settle"
  K72     string    "tile2"
  K73     string    "intro"
  K74     timing    linear
  K75     color     #a8dadcff
  K76     string    "tile3"
  K77     string    "nothing"
  K78     number    100
  K79     point     (20, 20)
  K80     number    16
  K81     point     (4, 24)

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

.layer LT7 emitter "spray"
  emitterPosition = K33       ; (24, 184)
  seed = K14                  ; 3
  emitterCells.drop.birthRate = K34 ; 20
  emitterCells.drop.lifetime = K5 ; 1
  emitterCells.drop.velocity = K35 ; 60
  emitterCells.drop.emissionLongitude = K36 ; -1.0471975511965976
  emitterCells.drop.emissionRange = K37 ; 0.3490658503988659
  emitterCells.drop.yAcceleration = K38 ; 80
  emitterCells.drop.color = K19 ; rgba(0.54, 0.7799999999999999, 0.9, 1)
  emitterCells.drop.emitterCells.mist.birthRate = K39 ; 5
  emitterCells.drop.emitterCells.mist.lifetime = K40 ; 0.2

.layer LT8 plain "pebble"
  bounds = K41                ; (0, 0, 10, 10)
  position = K42              ; (248, 12)
  cornerRadius = K39          ; 5
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

.behavior BT0 gravity "fall"

.behavior BT1 collision "floor"

.behavior BT2 itemBehavior "bounce"
  elasticity = K28            ; 0.5

.function F0 "main" params 0 registers 10
  0000   19 LOADK         R2, K14             ; 3
  0001    | SETGLOBAL     R2, G3
  0002   20 LOADK         R2, K43             ; "tile "
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
  0018   63 NEWLAYER      R2, LT1             ; plain "caption"
  0019    | SETGLOBAL     R2, G11
  0020    | GETGLOBAL     R2, G9
  0021    | GETGLOBAL     R3, G11
  0022    | ADDSUBLAYER   R2, R3
  0023   66 GETGLOBAL     R2, G11
  0024    | LOADK         R3, K44             ; "band"
  0025    | LOADK         R4, K5              ; 1
  0026    | LOADK         R5, K13             ; 12
  0027    | CONSTRAIN     R2, R3..R5, minX=minX
  0028    | GETGLOBAL     R2, G11
  0029    | LOADK         R3, K45             ; "superlayer"
  0030    | LOADK         R4, K5              ; 1
  0031    | LOADK         R5, K46             ; -10
  0032    | CONSTRAIN     R2, R3..R5, maxY=maxY
  0033   68 NEWLAYER      R2, LT2             ; plain "badge"
  0034    | SETGLOBAL     R2, G12
  0035    | GETGLOBAL     R2, G9
  0036    | GETGLOBAL     R3, G12
  0037    | ADDSUBLAYER   R2, R3
  0038   74 GETGLOBAL     R2, G12
  0039    | ANIMNEW       R3, AT0             ; basic transform.rotation.z
  0040    | ANIMADD       R2, R3, K47         ; "spin"
  0041   79 NEWLAYER      R2, LT4             ; plain "pulse"
  0042    | SETGLOBAL     R2, G13
  0043    | ROOT          R2
  0044    | GETGLOBAL     R3, G13
  0045    | ADDSUBLAYER   R2, R3
  0046   84 GETGLOBAL     R2, G13
  0047    | NEWARRAY      R3, R4, 0
  0048    | BIND          R2..R3, F3, opacity ; "opacity = …"
  0049   89 LOADK         R2, K0              ; 0
  0050    | LOADK         R3, K39             ; 5
  0051    | FORPREP       R2..R3, R0, +36     ; -> 0088
  0052   90 NEWLAYER      R1, LT5             ; plain ""
  0053    | LOADK         R4, K48             ; "tile"
  0054    | MOVE          R6, R0
  0055    | CALLB         R5, R6, string
  0056    | ADD           R4, R4, R5
  0057    | SETPROP       R1, R4, name
  0058   91 LOADK         R4, K49             ; (0, 0, 32, 32)
  0059    | SETPROP       R1, R4, bounds
  0060    | LOADK         R4, K8              ; 8
  0061    | SETPROP       R1, R4, cornerRadius
  0062    | LOADK         R4, K2              ; 2
  0063    | SETPROP       R1, R4, borderWidth
  0064    | LOADK         R4, K15             ; #1d3557ff
  0065    | SETPROP       R1, R4, borderColor
  0066    | ANIMNEW       R4, AT6             ; basic position
  0067    | SETACTION     R1, R4, K50         ; "position"
  0068   90 ROOT          R4
  0069    | ADDSUBLAYER   R4, R1
  0070   92 MOVE          R5, R0
  0071    | CALL          R4, 1, F2           ; "spot"
  0072    | SETPROP       R1, R4, position
  0073   93 LOADK         R5, K51             ; #2a9d8fff
  0074    | LOADK         R6, K52             ; #e9c46aff
  0075    | LOADK         R7, K53             ; #f4a261ff
  0076    | LOADK         R8, K54             ; #e76f51ff
  0077    | LOADK         R9, K55             ; #264653ff
  0078    | NEWARRAY      R4, R5, 5
  0079    | GETINDEX      R4, R4, R0
  0080    | SETPROP       R1, R4, backgroundColor
  0081   94 LOADK         R4, K56             ; 0.4
  0082    | MOVE          R6, R0
  0083    | CALLB         R5, R6, random
  0084    | MUL           R5, R5, K57         ; 0.6
  0085    | ADD           R4, R4, R5
  0086    | SETPROP       R1, R4, opacity
  0087   89 FORLOOP       R2..R3, R0, -36     ; -> 0052
  0088   99 LOADK         R2, K58             ; "tile0"
  0089    | NAMED         R2, R2
  0090    | LOADK         R3, K59             ; "hop"
  0091    | NEWARRAY      R4, R5, 0
  0092    | ONSTOP        R2..R3, R4, F4      ; "on named(\"tile0\").hop.didStop"
  0093  103 LOADK         R2, K28             ; 0.5
  0094    | NEWARRAY      R3, R4, 0
  0095    | SCHEDULE      R2, R3, F5          ; "at 0.5s"
  0096  109 LOADK         R2, K5              ; 1
  0097    | NEWARRAY      R3, R4, 0
  0098    | SCHEDULE      R2, R3, F6          ; "at 1s"
  0099  119 LOADK         R2, K2              ; 2
  0100    | LOADK         R3, K5              ; 1
  0101    | LOADK         R4, K14             ; 3
  0102    | NEWARRAY      R5, R6, 0
  0103    | EVERY         R2..R4, R5, F7      ; "every 1s"
  0104  124 LOADK         R2, K14             ; 3
  0105    | NEWARRAY      R3, R4, 0
  0106    | SCHEDULE      R2, R3, F8          ; "after 3s"
  0107  130 NEWARRAY      R2, R3, 0
  0108    | ONFRAME       R2, F9              ; "every frame"
  0109  137 NEWLAYER      R2, LT6             ; plain "dial"
  0110    | SETGLOBAL     R2, G15
  0111    | ROOT          R2
  0112    | GETGLOBAL     R3, G15
  0113    | ADDSUBLAYER   R2, R3
  0114  140 GETGLOBAL     R2, G15
  0115    | NEWARRAY      R3, R4, 0
  0116    | SETDRAW       R2..R3, F10         ; "draw dial"
  0117  144 GETGLOBAL     R2, G15
  0118    | ANIMNEW       R3, AT7             ; basic sweep
  0119    | ANIMADD       R2, R3, K60         ; "turn"
  0120  150 NEWLAYER      R2, LT7             ; emitter "spray"
  0121    | SETGLOBAL     R2, G16
  0122    | ROOT          R2
  0123    | GETGLOBAL     R3, G16
  0124    | ADDSUBLAYER   R2, R3
  0125    | GETGLOBAL     R2, G16
  0126    | LOADK         R4, K61             ; "drop"
  0127    | LOADK         R5, K62             ; "drop.mist"
  0128    | NEWARRAY      R3, R4, 2
  0129    | SETPROP       R2, R3, emitterCells
  0130  158 LOADK         R2, K14             ; 3
  0131    | NEWARRAY      R3, R4, 0
  0132    | SCHEDULE      R2, R3, F11         ; "at 3s"
  0133  161 NEWLAYER      R2, LT8             ; plain "pebble"
  0134    | SETGLOBAL     R2, G17
  0135    | ROOT          R2
  0136    | GETGLOBAL     R3, G17
  0137    | ADDSUBLAYER   R2, R3
  0138  163 GETGLOBAL     R3, G17
  0139    | NEWARRAY      R2, R3, 1
  0140    | DYNSET        R2, items, BT0      ; gravity "fall"
  0141    | LOADBOOL      R2, 0
  0142    | DYNSET        R2, active, BT0     ; gravity "fall"
  0143  164 GETGLOBAL     R3, G17
  0144    | NEWARRAY      R2, R3, 1
  0145    | DYNSET        R2, items, BT1      ; collision "floor"
  0146    | ROOT          R2
  0147    | GETPROP       R2, R2, bounds
  0148    | DYNSET        R2, boundary, BT1   ; collision "floor"
  0149    | LOADBOOL      R2, 1
  0150    | DYNSET        R2, active, BT1     ; collision "floor"
  0151  165 GETGLOBAL     R3, G17
  0152    | NEWARRAY      R2, R3, 1
  0153    | DYNSET        R2, items, BT2      ; itemBehavior "bounce"
  0154    | LOADBOOL      R2, 1
  0155    | DYNSET        R2, active, BT2     ; itemBehavior "bounce"
  0156  167 LOADK         R2, K2              ; 2
  0157    | NEWARRAY      R3, R4, 0
  0158    | SCHEDULE      R2, R3, F12         ; "at 2s"
  0159    | RET

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
  0000   28 LOADK         R1, K63             ; 40
  0001    | MUL           R2, R0, K64         ; 44
  0002    | ADD           R1, R1, R2
  0003    | LOADK         R2, K65             ; 150
  0004    | MKPOINT       R1, R1, R2
  0005    | RETV          R1

.function F3 "opacity = …" params 0 registers 4
  0000   84 LOADK         R0, K66             ; 0.55
  0001    | LOADK         R1, K67             ; 0.45
  0002    | NOW           R3
  0003    | DIV           R3, R3, K5          ; 1
  0004    | MUL           R3, R3, K68         ; 3.141592653589793
  0005    | CALLB         R2, R3, cos
  0006    | MUL           R1, R1, R2
  0007    | ADD           R0, R0, R1
  0008    | RETV          R0

.function F4 "on named(\"tile0\").hop.didStop" params 1 registers 3
  0000  100 JMPIFNOT      R0, +4              ; -> 0005
  0001    | LOADK         R1, K58             ; "tile0"
  0002    | NAMED         R1, R1
  0003    | LOADK         R2, K24             ; rgba(0.9, 0.22, 0.27, 1)
  0004    | SETPROP       R1, R2, backgroundColor
  0005  101 RET

.function F5 "at 0.5s" params 0 registers 6
  0000  104 LOADK         R0, K58             ; "tile0"
  0001    | NAMED         R0, R0
  0002    | ANIMNEW       R1, AT1             ; keyframe position.y
  0003    | LOADK         R3, K65             ; 150
  0004    | LOADK         R4, K69             ; 120
  0005    | LOADK         R5, K65             ; 150
  0006    | NEWARRAY      R2, R3, 3
  0007    | ANIMSET       R1, R2, values
  0008    | ANIMADD       R0, R1, K59         ; "hop"
  0009  105 LOADK         R0, K70             ; "tile1"
  0010    | NAMED         R0, R0
  0011    | ANIMNEW       R1, AT2             ; spring transform.scale
  0012    | ANIMADD       R0, R1, K71         ; "settle"
  0013  106 LOADK         R0, K72             ; "tile2"
  0014    | NAMED         R0, R0
  0015    | ANIMNEW       R1, AT5             ; group bounds
  0016    | ANIMNEW       R3, AT3             ; basic opacity
  0017    | ANIMNEW       R4, AT4             ; basic position.x
  0018    | NEWARRAY      R2, R3, 2
  0019    | ANIMSET       R1, R2, animations
  0020    | ANIMADD       R0, R1, K73         ; "intro"
  0021  107 RET

.function F6 "at 1s" params 0 registers 2
  0000  110 GETGLOBAL     R0, G9
  0001    | LOADK         R1, K69             ; 120
  0002    | SETPROP       R0, R1, position.x
  0003  111 TXBEGIN
  0004    | LOADK         R0, K5              ; 1
  0005    | TXSET         R0, animationDuration
  0006    | LOADK         R0, K74             ; linear
  0007    | TXSET         R0, animationTimingFunction
  0008    | NEWARRAY      R0, R1, 0
  0009    | TXCOMPLETION  R0, F13             ; "transaction completion"
  0010  112 GETGLOBAL     R0, G13
  0011    | LOADK         R1, K65             ; 150
  0012    | SETPROP       R0, R1, position.y
  0013  113 TXBEGIN
  0014    | LOADBOOL      R0, 1
  0015    | TXSET         R0, disableActions
  0016    | GETGLOBAL     R0, G10
  0017    | LOADK         R1, K75             ; #a8dadcff
  0018    | SETPROP       R0, R1, backgroundColor
  0019    | TXCOMMIT
  0020  116 TXCOMMIT
  0021  117 RET

.function F7 "every 1s" params 0 registers 3
  0000  120 GETGLOBAL     R0, G3
  0001    | ADD           R0, R0, K5          ; 1
  0002    | SETGLOBAL     R0, G3
  0003  121 LOADK         R0, K76             ; "tile3"
  0004    | NAMED         R0, R0
  0005    | LOADK         R1, K65             ; 150
  0006    | GETGLOBAL     R2, G3
  0007    | MUL           R2, R2, K32         ; 4
  0008    | SUB           R1, R1, R2
  0009    | SETPROP       R0, R1, position.y
  0010  122 RET

.function F8 "after 3s" params 0 registers 3
  0000  125 GETGLOBAL     R0, G9
  0001    | ANIMREMOVE    R0, K77             ; "nothing"
  0002  126 GETGLOBAL     R0, G9
  0003    | GETGLOBAL     R1, G12
  0004    | LOADK         R2, K0              ; 0
  0005    | INSERTAT      R0, R1, R2
  0006  127 GETGLOBAL     R0, G12
  0007    | ANIMREMOVEALL R0
  0008  128 RET

.function F9 "every frame" params 0 registers 3
  0000  131 LOADK         R0, K78             ; 100
  0001    | GETGLOBAL     R1, G9
  0002    | GETPRES       R1, R1, position.x
  0003    | LT            R0, R0, R1
  0004    | JMPIFNOT      R0, +4              ; -> 0009
  0005    | GETGLOBAL     R0, G13
  0006    | LOADK         R2, K14             ; 3
  0007    | CALL          R1, 1, F1           ; "fact"
  0008    | SETPROP       R0, R1, zPosition
  0009  132 RET

.function F10 "draw dial" params 1 registers 9
  0000  141 LOADK         R4, K79             ; (20, 20)
  0001    | LOADK         R5, K80             ; 16
  0002    | LOADK         R6, K0              ; 0
  0003    | GETPRES       R7, R0, sweep
  0004    | LOADBOOL      R8, 0
  0005    | CALLB         R1, R4, arc
  0006    | LOADK         R2, K15             ; #1d3557ff
  0007    | LOADK         R3, K14             ; 3
  0008    | DRAWSTROKE    R1..R3
  0009  142 GETGLOBAL     R1, G4
  0010    | LOADK         R2, K81             ; (4, 24)
  0011    | LOADK         R3, K8              ; 8
  0012    | LOADK         R4, K15             ; #1d3557ff
  0013    | DRAWTEXT      R1..R4
  0014  143 RET

.function F11 "at 3s" params 0 registers 2
  0000  158 GETGLOBAL     R0, G16
  0001    | LOADK         R1, K0              ; 0
  0002    | SETPROP       R0, R1, emitterCells.drop.birthRate
  0003    | RET

.function F12 "at 2s" params 0 registers 1
  0000  167 LOADBOOL      R0, 1
  0001    | DYNSET        R0, active, BT0     ; gravity "fall"
  0002    | RET

.function F13 "transaction completion" params 0 registers 2
  0000  115 GETGLOBAL     R0, G13
  0001    | LOADK         R1, K32             ; 4
  0002    | SETPROP       R0, R1, borderWidth
  0003  116 RET
