; calc bytecode, format 2
; source: Samples/animation/transition_nested.cal
.scene size 220x80 scale 1 fps 10 duration 1.5 background #ffffffff origin topLeft
.globals 6

.constants
  K0      rect      (0, 0, 220, 80)
  K1      rect      (10, 10, 60, 60)
  K2      rect      (0, 0, 60, 60)
  K3      color     #e63946ff
  K4      rect      (150, 10, 60, 60)
  K5      color     #e9c46aff
  K6      rect      (20, 20, 20, 20)
  K7      color     #264653ff
  K8      number    10
  K9      enum      case 2
  K10     enum      case 0
  K11     number    1
  K12     enum      case 4
  K13     enum      case 1
  K14     number    0.2
  K15     color     #457b9dff
  K16     color     #2a9d8fff
  K17     color     #f4a261ff
  K18     string    "transition"

.layer LT0 plain "face"
  frame = K2                  ; (0, 0, 60, 60)
  backgroundColor = K3        ; #e63946ff

.layer LT1 transform "slider"
  frame = K1                  ; (10, 10, 60, 60)

.layer LT2 plain "card"
  frame = K2                  ; (0, 0, 60, 60)
  backgroundColor = K5        ; #e9c46aff

.layer LT3 plain "dot"
  frame = K6                  ; (20, 20, 20, 20)
  backgroundColor = K7        ; #264653ff
  cornerRadius = K8           ; 10

.layer LT4 transform "flipper"
  frame = K4                  ; (150, 10, 60, 60)

.layer LT5 transform "stage"
  frame = K0                  ; (0, 0, 220, 80)

.animation AT0 transition bounds
  type = K9                   ; .push
  subtype = K10               ; .fromRight
  duration = K11              ; 1

.animation AT1 transition bounds
  type = K12                  ; .flip
  subtype = K13               ; .fromLeft
  duration = K11              ; 1

.function F0 "main" params 0 registers 3
  0000    9 NEWLAYER      R0, LT5             ; transform "stage"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   11 NEWLAYER      R0, LT1             ; transform "slider"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   13 NEWLAYER      R0, LT0             ; plain "face"
  0011    | SETGLOBAL     R0, G2
  0012    | GETGLOBAL     R0, G1
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015   15 NEWLAYER      R0, LT4             ; transform "flipper"
  0016    | SETGLOBAL     R0, G3
  0017    | GETGLOBAL     R0, G0
  0018    | GETGLOBAL     R1, G3
  0019    | ADDSUBLAYER   R0, R1
  0020   17 NEWLAYER      R0, LT2             ; plain "card"
  0021    | SETGLOBAL     R0, G4
  0022    | GETGLOBAL     R0, G3
  0023    | GETGLOBAL     R1, G4
  0024    | ADDSUBLAYER   R0, R1
  0025   18 NEWLAYER      R0, LT3             ; plain "dot"
  0026    | SETGLOBAL     R0, G5
  0027    | GETGLOBAL     R0, G3
  0028    | GETGLOBAL     R1, G5
  0029    | ADDSUBLAYER   R0, R1
  0030   22 LOADK         R0, K14             ; 0.2
  0031    | NEWARRAY      R1, R2, 0
  0032    | SCHEDULE      R0, R1, F1          ; "at 0.2s"
  0033   30 RET

.function F1 "at 0.2s" params 0 registers 2
  0000   23 TXBEGIN
  0001    | LOADBOOL      R0, 1
  0002    | TXSET         R0, disableActions
  0003   24 GETGLOBAL     R0, G2
  0004    | LOADK         R1, K15             ; #457b9dff
  0005    | SETPROP       R0, R1, backgroundColor
  0006   25 GETGLOBAL     R0, G4
  0007    | LOADK         R1, K16             ; #2a9d8fff
  0008    | SETPROP       R0, R1, backgroundColor
  0009   26 GETGLOBAL     R0, G5
  0010    | LOADK         R1, K17             ; #f4a261ff
  0011    | SETPROP       R0, R1, backgroundColor
  0012   27 TXCOMMIT
  0013   28 GETGLOBAL     R0, G1
  0014    | ANIMNEW       R1, AT0             ; transition bounds
  0015    | ANIMADD       R0, R1, K18         ; "transition"
  0016   29 GETGLOBAL     R0, G3
  0017    | ANIMNEW       R1, AT1             ; transition bounds
  0018    | ANIMADD       R0, R1, K18         ; "transition"
  0019   30 RET
