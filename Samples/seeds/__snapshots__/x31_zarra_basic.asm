; calc bytecode, format 2
; source: Samples/seeds/x31_zarra_basic.cal
.scene size 400x300 scale 1 fps 30 duration 7 background #ffffffff origin bottomLeft
.globals 3

.constants
  K0      rect      (0, 0, 100, 100)
  K1      point     (200, 150)
  K2      color     rgba(0.4, 0.3, 0.2, 1)
  K3      number    0.75
  K4      number    5
  K5      point     (50, 50)
  K6      enum      case 1
  K7      bool      false
  K8      string    "position"
  K9      number    0

.layer LT0 plain "plain"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (200, 150)
  backgroundColor = K2        ; rgba(0.4, 0.3, 0.2, 1)
  opacity = K3                ; 0.75
  borderWidth = K4            ; 5

.layer LT1 plain "sticky"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (200, 150)

.layer LT2 plain "timed"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (200, 150)

.animation AT0 basic position
  from = K1                   ; (200, 150)
  to = K5                     ; (50, 50)
  duration = K4               ; 5

.animation AT1 basic position
  from = K1                   ; (200, 150)
  to = K5                     ; (50, 50)
  duration = K4               ; 5
  fillMode = K6               ; .forwards
  removedOnCompletion = K7    ; false

.function F0 "main" params 0 registers 3
  0000   15 NEWLAYER      R0, LT0             ; plain "plain"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   17 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; basic position
  0007    | ANIMADD       R0, R1, K8          ; "position"
  0008   19 NEWLAYER      R0, LT1             ; plain "sticky"
  0009    | SETGLOBAL     R0, G1
  0010    | ROOT          R0
  0011    | GETGLOBAL     R1, G1
  0012    | ADDSUBLAYER   R0, R1
  0013   22 GETGLOBAL     R0, G1
  0014    | ANIMNEW       R1, AT1             ; basic position
  0015    | ANIMADD       R0, R1, K8          ; "position"
  0016   25 NEWLAYER      R0, LT2             ; plain "timed"
  0017    | SETGLOBAL     R0, G2
  0018    | ROOT          R0
  0019    | GETGLOBAL     R1, G2
  0020    | ADDSUBLAYER   R0, R1
  0021   26 LOADK         R0, K9              ; 0
  0022    | NEWARRAY      R1, R2, 0
  0023    | SCHEDULE      R0, R1, F1          ; "at 0s"
  0024    | RET

.function F1 "at 0s" params 0 registers 2
  0000   26 TXBEGIN
  0001    | LOADK         R0, K4              ; 5
  0002    | TXSET         R0, animationDuration
  0003    | GETGLOBAL     R0, G2
  0004    | LOADK         R1, K5              ; (50, 50)
  0005    | SETPROP       R0, R1, position
  0006    | TXCOMMIT
  0007    | RET
