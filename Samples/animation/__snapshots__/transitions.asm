; calc bytecode, format 2
; source: Samples/animation/transitions.cal
.scene size 256x256 scale 1 fps 10 duration 3 background #f4f1eaff origin topLeft
.globals 1

.constants
  K0      enum      case 1
  K1      enum      case 0
  K2      number    2
  K3      enum      case 2
  K4      enum      case 3
  K5      rect      (0, 0, 40, 40)
  K6      color     #e63946ff
  K7      number    6
  K8      rect      (5, 5, 12, 12)
  K9      color     #ffffffff
  K10     number    0.25
  K11     number    0.75
  K12     timing    linear
  K13     enum      case 5
  K14     enum      case 6
  K15     enum      case 4
  K16     number    0
  K17     number    25
  K18     number    5
  K19     string    "holder"
  K20     number    8
  K21     number    50
  K22     number    40
  K23     number    1
  K24     number    3
  K25     number    14
  K26     number    0.5235987755982988
  K27     string    "card"
  K28     string    "mark"
  K29     number    0.5
  K30     color     #457b9dff
  K31     point     (29, 29)
  K32     number    7
  K33     number    9
  K34     number    10
  K35     number    11
  K36     number    12
  K37     number    13
  K38     number    15
  K39     number    16
  K40     number    17
  K41     number    18
  K42     number    19
  K43     string    "card2"
  K44     string    "card19"
  K45     number    0.4
  K46     string    "card0"
  K47     string    "transition"
  K48     number    4
  K49     string    "card9"
  K50     string    "card14"
  K51     string    "card1"
  K52     string    "card3"
  K53     string    "card4"
  K54     number    20
  K55     string    "card20"
  K56     number    21
  K57     string    "card21"
  K58     number    22
  K59     string    "card22"
  K60     number    23
  K61     string    "card23"

.layer LT0 plain ""
  frame = K8                  ; (5, 5, 12, 12)
  backgroundColor = K9        ; #ffffffff
  cornerRadius = K2           ; 2

.layer LT1 plain ""
  frame = K5                  ; (0, 0, 40, 40)
  backgroundColor = K6        ; #e63946ff
  cornerRadius = K7           ; 6

.layer LT2 plain ""

.animation AT0 transition bounds
  type = K0                   ; .moveIn
  subtype = K1                ; .fromRight
  duration = K2               ; 2

.animation AT1 transition bounds
  type = K0                   ; .moveIn
  subtype = K0                ; .fromLeft
  duration = K2               ; 2

.animation AT2 transition bounds
  type = K0                   ; .moveIn
  subtype = K3                ; .fromTop
  duration = K2               ; 2

.animation AT3 transition bounds
  type = K0                   ; .moveIn
  subtype = K4                ; .fromBottom
  duration = K2               ; 2

.animation AT4 transition bounds
  type = K3                   ; .push
  subtype = K1                ; .fromRight
  duration = K2               ; 2

.animation AT5 transition bounds
  type = K3                   ; .push
  subtype = K0                ; .fromLeft
  duration = K2               ; 2

.animation AT6 transition bounds
  type = K3                   ; .push
  subtype = K3                ; .fromTop
  duration = K2               ; 2

.animation AT7 transition bounds
  type = K3                   ; .push
  subtype = K4                ; .fromBottom
  duration = K2               ; 2

.animation AT8 transition bounds
  type = K4                   ; .reveal
  subtype = K1                ; .fromRight
  duration = K2               ; 2

.animation AT9 transition bounds
  type = K4                   ; .reveal
  subtype = K0                ; .fromLeft
  duration = K2               ; 2

.animation AT10 transition bounds
  type = K4                   ; .reveal
  subtype = K3                ; .fromTop
  duration = K2               ; 2

.animation AT11 transition bounds
  type = K4                   ; .reveal
  subtype = K4                ; .fromBottom
  duration = K2               ; 2

.animation AT12 transition bounds
  type = K1                   ; .fade
  duration = K2               ; 2

.animation AT13 transition bounds
  type = K1                   ; .fade
  duration = K2               ; 2

.animation AT14 transition bounds
  type = K3                   ; .push
  subtype = K1                ; .fromRight
  startProgress = K10         ; 0.25
  endProgress = K11           ; 0.75
  duration = K2               ; 2

.animation AT15 transition bounds
  type = K1                   ; .fade
  duration = K2               ; 2

.animation AT16 transition bounds
  type = K1                   ; .fade
  subtype = K1                ; .fromRight
  timingFunction = K12        ; linear
  duration = K2               ; 2

.animation AT17 transition bounds
  type = K13                  ; .curlUp
  subtype = K1                ; .fromRight
  timingFunction = K12        ; linear
  duration = K2               ; 2

.animation AT18 transition bounds
  type = K14                  ; .curlDown
  subtype = K1                ; .fromRight
  timingFunction = K12        ; linear
  duration = K2               ; 2

.animation AT19 transition bounds
  type = K15                  ; .flip
  subtype = K0                ; .fromLeft
  timingFunction = K12        ; linear
  duration = K2               ; 2

.animation AT20 transition bounds
  type = K15                  ; .flip
  subtype = K1                ; .fromRight
  timingFunction = K12        ; linear
  duration = K2               ; 2

.animation AT21 transition bounds
  type = K15                  ; .flip
  subtype = K3                ; .fromTop
  timingFunction = K12        ; linear
  duration = K2               ; 2

.animation AT22 transition bounds
  type = K15                  ; .flip
  subtype = K4                ; .fromBottom
  timingFunction = K12        ; linear
  duration = K2               ; 2

.function F0 "main" params 0 registers 19
  0000   12 ANIMNEW       R7, AT0             ; transition bounds
  0001    | ANIMNEW       R8, AT1             ; transition bounds
  0002    | ANIMNEW       R9, AT2             ; transition bounds
  0003    | ANIMNEW       R10, AT3            ; transition bounds
  0004    | ANIMNEW       R11, AT4            ; transition bounds
  0005    | ANIMNEW       R12, AT5            ; transition bounds
  0006    | ANIMNEW       R13, AT6            ; transition bounds
  0007    | ANIMNEW       R14, AT7            ; transition bounds
  0008    | ANIMNEW       R15, AT8            ; transition bounds
  0009    | ANIMNEW       R16, AT9            ; transition bounds
  0010    | ANIMNEW       R17, AT10           ; transition bounds
  0011    | ANIMNEW       R18, AT11           ; transition bounds
  0012    | NEWARRAY      R6, R7, 12
  0013    | SETGLOBAL     R6, G0
  0014   28 LOADK         R6, K16             ; 0
  0015    | LOADK         R7, K17             ; 25
  0016    | FORPREP       R6..R7, R0, +51     ; -> 0068
  0017   29 MOD           R1, R0, K18         ; 5
  0018   30 SUB           R8, R0, R1
  0019    | DIV           R2, R8, K18         ; 5
  0020   31 NEWLAYER      R3, LT2             ; plain ""
  0021    | LOADK         R8, K19             ; "holder"
  0022    | MOVE          R10, R0
  0023    | CALLB         R9, R10, string
  0024    | ADD           R8, R8, R9
  0025    | SETPROP       R3, R8, name
  0026    | ROOT          R8
  0027    | ADDSUBLAYER   R8, R3
  0028   32 LOADK         R9, K20             ; 8
  0029    | MUL           R13, R1, K21        ; 50
  0030    | ADD           R9, R9, R13
  0031    | LOADK         R10, K20            ; 8
  0032    | MUL           R13, R2, K21        ; 50
  0033    | ADD           R10, R10, R13
  0034    | LOADK         R11, K22            ; 40
  0035    | LOADK         R12, K22            ; 40
  0036    | MKRECT        R8, R9..R12
  0037    | SETPROP       R3, R8, frame
  0038   33 LOADK         R8, K23             ; 1
  0039    | LE            R8, R8, R2
  0040    | JMPIFNOT      R8, +1              ; -> 0042
  0041    | LE            R8, R2, K24         ; 3
  0042    | SETPROP       R3, R8, masksToBounds
  0043   34 EQ            R9, R0, K25         ; 14
  0044    | JMPIFNOT      R9, +2              ; -> 0047
  0045    | LOADK         R9, K26             ; 0.5235987755982988
  0046    | JMP           +1                  ; -> 0048
  0047    | LOADK         R9, K16             ; 0
  0048    | LOADK         R10, K16            ; 0
  0049    | LOADK         R11, K16            ; 0
  0050    | LOADK         R12, K23            ; 1
  0051    | CALLB         R8, R9, rotate
  0052    | SETPROP       R3, R8, transform
  0053   35 NEWLAYER      R4, LT1             ; plain ""
  0054    | LOADK         R8, K27             ; "card"
  0055    | MOVE          R10, R0
  0056    | CALLB         R9, R10, string
  0057    | ADD           R8, R8, R9
  0058    | SETPROP       R4, R8, name
  0059    | ADDSUBLAYER   R3, R4
  0060   39 NEWLAYER      R5, LT0             ; plain ""
  0061    | LOADK         R8, K28             ; "mark"
  0062    | MOVE          R10, R0
  0063    | CALLB         R9, R10, string
  0064    | ADD           R8, R8, R9
  0065    | SETPROP       R5, R8, name
  0066    | ADDSUBLAYER   R4, R5
  0067   28 FORLOOP       R6..R7, R0, -51     ; -> 0017
  0068   49 LOADK         R6, K29             ; 0.5
  0069    | NEWARRAY      R7, R8, 0
  0070    | SCHEDULE      R6, R7, F2          ; "at 0.5s"
  0071   74 RET

.function F1 "change" params 1 registers 4
  0000   45 LOADK         R1, K27             ; "card"
  0001    | MOVE          R3, R0
  0002    | CALLB         R2, R3, string
  0003    | ADD           R1, R1, R2
  0004    | NAMED         R1, R1
  0005    | LOADK         R2, K30             ; #457b9dff
  0006    | SETPROP       R1, R2, backgroundColor
  0007   46 LOADK         R1, K28             ; "mark"
  0008    | MOVE          R3, R0
  0009    | CALLB         R2, R3, string
  0010    | ADD           R1, R1, R2
  0011    | NAMED         R1, R1
  0012    | LOADK         R2, K31             ; (29, 29)
  0013    | SETPROP       R1, R2, position
  0014   47 RET

.function F2 "at 0.5s" params 0 registers 21
  0000   51 TXBEGIN
  0001    | LOADBOOL      R5, 1
  0002    | TXSET         R5, disableActions
  0003   52 LOADK         R5, K16             ; 0
  0004    | LOADK         R6, K18             ; 5
  0005    | LOADK         R7, K7              ; 6
  0006    | LOADK         R8, K32             ; 7
  0007    | LOADK         R9, K20             ; 8
  0008    | LOADK         R10, K33            ; 9
  0009    | LOADK         R11, K34            ; 10
  0010    | LOADK         R12, K35            ; 11
  0011    | LOADK         R13, K36            ; 12
  0012    | LOADK         R14, K37            ; 13
  0013    | LOADK         R15, K25            ; 14
  0014    | LOADK         R16, K38            ; 15
  0015    | LOADK         R17, K39            ; 16
  0016    | LOADK         R18, K40            ; 17
  0017    | LOADK         R19, K41            ; 18
  0018    | LOADK         R20, K42            ; 19
  0019    | NEWARRAY      R1, R5, 16
  0020    | LOADK         R5, K16             ; 0
  0021    | LEN           R6, R1
  0022    | FORPREP       R5..R6, R5, +4      ; -> 0027
  0023    | GETINDEX      R0, R1, R5
  0024    | MOVE          R8, R0
  0025    | CALL          R7, 1, F1           ; "change"
  0026    | FORLOOP       R5..R6, R5, -4      ; -> 0023
  0027   53 LOADK         R5, K43             ; "card2"
  0028    | NAMED         R5, R5
  0029    | LOADBOOL      R6, 1
  0030    | SETPROP       R5, R6, hidden
  0031   54 LOADK         R5, K44             ; "card19"
  0032    | NAMED         R5, R5
  0033    | LOADK         R6, K45             ; 0.4
  0034    | SETPROP       R5, R6, opacity
  0035   55 TXCOMMIT
  0036   56 LOADK         R5, K46             ; "card0"
  0037    | NAMED         R5, R5
  0038    | ANIMNEW       R6, AT12            ; transition bounds
  0039    | ANIMADD       R5, R6, K47         ; "transition"
  0040   57 LOADK         R5, K43             ; "card2"
  0041    | NAMED         R5, R5
  0042    | ANIMNEW       R6, AT13            ; transition bounds
  0043    | ANIMADD       R5, R6, K47         ; "transition"
  0044   58 LOADK         R5, K16             ; 0
  0045    | LOADK         R6, K24             ; 3
  0046    | FORPREP       R5..R6, R3, +18     ; -> 0065
  0047   59 LOADK         R7, K16             ; 0
  0048    | LOADK         R8, K48             ; 4
  0049    | FORPREP       R7..R8, R4, +14     ; -> 0064
  0050    | LOADK         R9, K27             ; "card"
  0051    | LOADK         R11, K18            ; 5
  0052    | MUL           R12, R3, K18        ; 5
  0053    | ADD           R11, R11, R12
  0054    | ADD           R11, R11, R4
  0055    | CALLB         R10, R11, string
  0056    | ADD           R9, R9, R10
  0057    | NAMED         R9, R9
  0058    | GETGLOBAL     R10, G0
  0059    | MUL           R11, R3, K48        ; 4
  0060    | ADD           R11, R11, R4
  0061    | GETINDEX      R10, R10, R11
  0062    | ANIMADD       R9, R10, K47        ; "transition"
  0063    | FORLOOP       R7..R8, R4, -14     ; -> 0050
  0064   58 FORLOOP       R5..R6, R3, -18     ; -> 0047
  0065   61 LOADK         R5, K49             ; "card9"
  0066    | NAMED         R5, R5
  0067    | ANIMNEW       R6, AT14            ; transition bounds
  0068    | ANIMADD       R5, R6, K47         ; "transition"
  0069   63 LOADK         R5, K50             ; "card14"
  0070    | NAMED         R5, R5
  0071    | GETGLOBAL     R6, G0
  0072    | LOADK         R7, K16             ; 0
  0073    | GETINDEX      R6, R6, R7
  0074    | ANIMADD       R5, R6, K47         ; "transition"
  0075   64 LOADK         R5, K44             ; "card19"
  0076    | NAMED         R5, R5
  0077    | ANIMNEW       R6, AT15            ; transition bounds
  0078    | ANIMADD       R5, R6, K47         ; "transition"
  0079   67 TXBEGIN
  0080    | TXBEGIN
  0081    | LOADBOOL      R5, 1
  0082    | TXSET         R5, disableActions
  0083    | LOADK         R6, K23             ; 1
  0084    | CALL          R5, 1, F1           ; "change"
  0085    | TXCOMMIT
  0086    | LOADK         R5, K51             ; "card1"
  0087    | NAMED         R5, R5
  0088    | ANIMNEW       R6, AT16            ; transition bounds
  0089    | ANIMADD       R5, R6, K47         ; "transition"
  0090    | TXCOMMIT
  0091   68 TXBEGIN
  0092    | TXBEGIN
  0093    | LOADBOOL      R5, 1
  0094    | TXSET         R5, disableActions
  0095    | LOADK         R6, K24             ; 3
  0096    | CALL          R5, 1, F1           ; "change"
  0097    | TXCOMMIT
  0098    | LOADK         R5, K52             ; "card3"
  0099    | NAMED         R5, R5
  0100    | ANIMNEW       R6, AT17            ; transition bounds
  0101    | ANIMADD       R5, R6, K47         ; "transition"
  0102    | TXCOMMIT
  0103   69 TXBEGIN
  0104    | TXBEGIN
  0105    | LOADBOOL      R5, 1
  0106    | TXSET         R5, disableActions
  0107    | LOADK         R6, K48             ; 4
  0108    | CALL          R5, 1, F1           ; "change"
  0109    | TXCOMMIT
  0110    | LOADK         R5, K53             ; "card4"
  0111    | NAMED         R5, R5
  0112    | ANIMNEW       R6, AT18            ; transition bounds
  0113    | ANIMADD       R5, R6, K47         ; "transition"
  0114    | TXCOMMIT
  0115   70 TXBEGIN
  0116    | TXBEGIN
  0117    | LOADBOOL      R5, 1
  0118    | TXSET         R5, disableActions
  0119    | LOADK         R6, K54             ; 20
  0120    | CALL          R5, 1, F1           ; "change"
  0121    | TXCOMMIT
  0122    | LOADK         R5, K55             ; "card20"
  0123    | NAMED         R5, R5
  0124    | ANIMNEW       R6, AT19            ; transition bounds
  0125    | ANIMADD       R5, R6, K47         ; "transition"
  0126    | TXCOMMIT
  0127   71 TXBEGIN
  0128    | TXBEGIN
  0129    | LOADBOOL      R5, 1
  0130    | TXSET         R5, disableActions
  0131    | LOADK         R6, K56             ; 21
  0132    | CALL          R5, 1, F1           ; "change"
  0133    | TXCOMMIT
  0134    | LOADK         R5, K57             ; "card21"
  0135    | NAMED         R5, R5
  0136    | ANIMNEW       R6, AT20            ; transition bounds
  0137    | ANIMADD       R5, R6, K47         ; "transition"
  0138    | TXCOMMIT
  0139   72 TXBEGIN
  0140    | TXBEGIN
  0141    | LOADBOOL      R5, 1
  0142    | TXSET         R5, disableActions
  0143    | LOADK         R6, K58             ; 22
  0144    | CALL          R5, 1, F1           ; "change"
  0145    | TXCOMMIT
  0146    | LOADK         R5, K59             ; "card22"
  0147    | NAMED         R5, R5
  0148    | ANIMNEW       R6, AT21            ; transition bounds
  0149    | ANIMADD       R5, R6, K47         ; "transition"
  0150    | TXCOMMIT
  0151   73 TXBEGIN
  0152    | TXBEGIN
  0153    | LOADBOOL      R5, 1
  0154    | TXSET         R5, disableActions
  0155    | LOADK         R6, K60             ; 23
  0156    | CALL          R5, 1, F1           ; "change"
  0157    | TXCOMMIT
  0158    | LOADK         R5, K61             ; "card23"
  0159    | NAMED         R5, R5
  0160    | ANIMNEW       R6, AT22            ; transition bounds
  0161    | ANIMADD       R5, R6, K47         ; "transition"
  0162    | TXCOMMIT
  0163   74 RET
