; calc bytecode, format 2
; source: Samples/seeds/x21_flip_book.cal
.scene size 100x100 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (50, 50)
  K2      enum      case 1
  K3      number    1.5
  K4      number    inf
  K5      image     image "mars0.png"
  K6      image     image "mars1.png"
  K7      image     image "mars2.png"
  K8      image     image "mars3.png"
  K9      image     image "mars4.png"
  K10     number    0
  K11     number    0.25
  K12     number    0.5
  K13     number    0.75
  K14     number    1
  K15     string    "flip"

.layer LT0 plain "book"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (50, 50)

.animation AT0 keyframe contents
  calculationMode = K2        ; .discrete
  duration = K3               ; 1.5
  repeatCount = K4            ; inf

.function F0 "main" params 0 registers 8
  0000   11 NEWLAYER      R0, LT0             ; plain "book"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   14 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; keyframe contents
  0007    | LOADK         R3, K5              ; image "mars0.png"
  0008    | LOADK         R4, K6              ; image "mars1.png"
  0009    | LOADK         R5, K7              ; image "mars2.png"
  0010    | LOADK         R6, K8              ; image "mars3.png"
  0011    | LOADK         R7, K9              ; image "mars4.png"
  0012    | NEWARRAY      R2, R3, 5
  0013    | ANIMSET       R1, R2, values
  0014    | LOADK         R3, K10             ; 0
  0015    | LOADK         R4, K11             ; 0.25
  0016    | LOADK         R5, K12             ; 0.5
  0017    | LOADK         R6, K13             ; 0.75
  0018    | LOADK         R7, K14             ; 1
  0019    | NEWARRAY      R2, R3, 5
  0020    | ANIMSET       R1, R2, keyTimes
  0021    | ANIMADD       R0, R1, K15         ; "flip"
  0022   20 RET
