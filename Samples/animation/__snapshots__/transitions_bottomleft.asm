; calc bytecode, format 2
; source: Samples/animation/transitions_bottomleft.cal
.scene size 256x64 scale 1 fps 10 duration 3 background #f4f1eaff origin bottomLeft

.constants
  K0      rect      (0, 0, 40, 40)
  K1      color     #e63946ff
  K2      number    6
  K3      rect      (5, 23, 12, 12)
  K4      color     #ffffffff
  K5      number    2
  K6      enum      case 2
  K7      enum      case 3
  K8      enum      case 4
  K9      timing    linear
  K10     enum      case 5
  K11     enum      case 0
  K12     enum      case 6
  K13     number    0
  K14     number    5
  K15     string    "holder"
  K16     number    8
  K17     number    50
  K18     number    12
  K19     number    40
  K20     string    "card"
  K21     string    "mark"
  K22     number    0.5
  K23     color     #457b9dff
  K24     point     (29, 11)
  K25     number    1
  K26     string    "card0"
  K27     string    "transition"
  K28     string    "card1"
  K29     string    "card2"
  K30     number    3
  K31     string    "card3"
  K32     number    4
  K33     string    "card4"

.layer LT0 plain ""
  frame = K3                  ; (5, 23, 12, 12)
  backgroundColor = K4        ; #ffffffff
  cornerRadius = K5           ; 2

.layer LT1 plain ""
  frame = K0                  ; (0, 0, 40, 40)
  backgroundColor = K1        ; #e63946ff
  cornerRadius = K2           ; 6

.layer LT2 plain ""

.animation AT0 transition bounds
  type = K6                   ; .push
  subtype = K7                ; .fromBottom
  duration = K5               ; 2

.animation AT1 transition bounds
  type = K6                   ; .push
  subtype = K6                ; .fromTop
  duration = K5               ; 2

.animation AT2 transition bounds
  type = K8                   ; .flip
  subtype = K6                ; .fromTop
  timingFunction = K9         ; linear
  duration = K5               ; 2

.animation AT3 transition bounds
  type = K10                  ; .curlUp
  subtype = K11               ; .fromRight
  timingFunction = K9         ; linear
  duration = K5               ; 2

.animation AT4 transition bounds
  type = K12                  ; .curlDown
  subtype = K11               ; .fromRight
  timingFunction = K9         ; linear
  duration = K5               ; 2

.function F0 "main" params 0 registers 12
  0000   11 LOADK         R4, K13             ; 0
  0001    | LOADK         R5, K14             ; 5
  0002    | FORPREP       R4..R5, R0, +33     ; -> 0036
  0003   12 NEWLAYER      R1, LT2             ; plain ""
  0004    | LOADK         R6, K15             ; "holder"
  0005    | MOVE          R8, R0
  0006    | CALLB         R7, R8, string
  0007    | ADD           R6, R6, R7
  0008    | SETPROP       R1, R6, name
  0009    | ROOT          R6
  0010    | ADDSUBLAYER   R6, R1
  0011   13 LOADK         R7, K16             ; 8
  0012    | MUL           R11, R0, K17        ; 50
  0013    | ADD           R7, R7, R11
  0014    | LOADK         R8, K18             ; 12
  0015    | LOADK         R9, K19             ; 40
  0016    | LOADK         R10, K19            ; 40
  0017    | MKRECT        R6, R7..R10
  0018    | SETPROP       R1, R6, frame
  0019   14 LT            R6, R0, K5          ; 2
  0020    | SETPROP       R1, R6, masksToBounds
  0021   15 NEWLAYER      R2, LT1             ; plain ""
  0022    | LOADK         R6, K20             ; "card"
  0023    | MOVE          R8, R0
  0024    | CALLB         R7, R8, string
  0025    | ADD           R6, R6, R7
  0026    | SETPROP       R2, R6, name
  0027    | ADDSUBLAYER   R1, R2
  0028   19 NEWLAYER      R3, LT0             ; plain ""
  0029    | LOADK         R6, K21             ; "mark"
  0030    | MOVE          R8, R0
  0031    | CALLB         R7, R8, string
  0032    | ADD           R6, R6, R7
  0033    | SETPROP       R3, R6, name
  0034    | ADDSUBLAYER   R2, R3
  0035   11 FORLOOP       R4..R5, R0, -33     ; -> 0003
  0036   29 LOADK         R4, K22             ; 0.5
  0037    | NEWARRAY      R5, R6, 0
  0038    | SCHEDULE      R4, R5, F2          ; "at 0.5s"
  0039   36 RET

.function F1 "change" params 1 registers 4
  0000   25 LOADK         R1, K20             ; "card"
  0001    | MOVE          R3, R0
  0002    | CALLB         R2, R3, string
  0003    | ADD           R1, R1, R2
  0004    | NAMED         R1, R1
  0005    | LOADK         R2, K23             ; #457b9dff
  0006    | SETPROP       R1, R2, backgroundColor
  0007   26 LOADK         R1, K21             ; "mark"
  0008    | MOVE          R3, R0
  0009    | CALLB         R2, R3, string
  0010    | ADD           R1, R1, R2
  0011    | NAMED         R1, R1
  0012    | LOADK         R2, K24             ; (29, 11)
  0013    | SETPROP       R1, R2, position
  0014   27 RET

.function F2 "at 0.5s" params 0 registers 2
  0000   30 TXBEGIN
  0001    | LOADBOOL      R0, 1
  0002    | TXSET         R0, disableActions
  0003    | LOADK         R1, K13             ; 0
  0004    | CALL          R0, 1, F1           ; "change"
  0005    | LOADK         R1, K25             ; 1
  0006    | CALL          R0, 1, F1           ; "change"
  0007    | TXCOMMIT
  0008   31 LOADK         R0, K26             ; "card0"
  0009    | NAMED         R0, R0
  0010    | ANIMNEW       R1, AT0             ; transition bounds
  0011    | ANIMADD       R0, R1, K27         ; "transition"
  0012   32 LOADK         R0, K28             ; "card1"
  0013    | NAMED         R0, R0
  0014    | ANIMNEW       R1, AT1             ; transition bounds
  0015    | ANIMADD       R0, R1, K27         ; "transition"
  0016   33 TXBEGIN
  0017    | TXBEGIN
  0018    | LOADBOOL      R0, 1
  0019    | TXSET         R0, disableActions
  0020    | LOADK         R1, K5              ; 2
  0021    | CALL          R0, 1, F1           ; "change"
  0022    | TXCOMMIT
  0023    | LOADK         R0, K29             ; "card2"
  0024    | NAMED         R0, R0
  0025    | ANIMNEW       R1, AT2             ; transition bounds
  0026    | ANIMADD       R0, R1, K27         ; "transition"
  0027    | TXCOMMIT
  0028   34 TXBEGIN
  0029    | TXBEGIN
  0030    | LOADBOOL      R0, 1
  0031    | TXSET         R0, disableActions
  0032    | LOADK         R1, K30             ; 3
  0033    | CALL          R0, 1, F1           ; "change"
  0034    | TXCOMMIT
  0035    | LOADK         R0, K31             ; "card3"
  0036    | NAMED         R0, R0
  0037    | ANIMNEW       R1, AT3             ; transition bounds
  0038    | ANIMADD       R0, R1, K27         ; "transition"
  0039    | TXCOMMIT
  0040   35 TXBEGIN
  0041    | TXBEGIN
  0042    | LOADBOOL      R0, 1
  0043    | TXSET         R0, disableActions
  0044    | LOADK         R1, K32             ; 4
  0045    | CALL          R0, 1, F1           ; "change"
  0046    | TXCOMMIT
  0047    | LOADK         R0, K33             ; "card4"
  0048    | NAMED         R0, R0
  0049    | ANIMNEW       R1, AT4             ; transition bounds
  0050    | ANIMADD       R0, R1, K27         ; "transition"
  0051    | TXCOMMIT
  0052   36 RET
