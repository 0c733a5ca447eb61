; calc bytecode, format 2
; source: Samples/seeds/x20_sailing_boat.cal
.scene size 400x360 scale 1 fps 30 duration 9 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 40, 30)
  K1      point     (300, 20)
  K2      enum      case 2
  K3      enum      case 1
  K4      number    0.5
  K5      number    inf
  K6      bool      true
  K7      number    8
  K8      number    0
  K9      number    1
  K10     number    4
  K11     number    200
  K12     number    75
  K13     number    30
  K14     number    3.141592653589793
  K15     number    0.05235987755982988
  K16     number    -0.05235987755982988
  K17     string    ""
  K18     point     (300, 320)

.layer LT0 plain "boat"
  bounds = K0                 ; (0, 0, 40, 30)
  position = K1               ; (300, 20)

.animation AT0 keyframe position
  calculationMode = K2        ; .paced

.animation AT1 keyframe transform
  valueFunction = K3          ; .rotateY
  calculationMode = K3        ; .discrete

.animation AT2 keyframe transform
  duration = K4               ; 0.5
  repeatCount = K5            ; inf
  additive = K6               ; true
  valueFunction = K2          ; .rotateZ

.animation AT3 group bounds
  duration = K7               ; 8

.function F0 "main" params 0 registers 3
  0000   22 NEWLAYER      R0, LT0             ; plain "boat"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   37 LOADK         R0, K8              ; 0
  0006    | NEWARRAY      R1, R2, 0
  0007    | SCHEDULE      R0, R1, F2          ; "at 0s"
  0008   46 RET

.function F1 "sail" params 1 registers 13
  0000   25 MOVE          R6, R0
  0001    | CALLB         R1, R6, moveTo
  0002   26 MOVE          R2, R0
  0003   27 LOADK         R3, K9              ; 1
  0004   28 LOADK         R6, K8              ; 0
  0005    | LOADK         R7, K10             ; 4
  0006    | FORPREP       R6..R7, R4, +21     ; -> 0028
  0007   29 NEG           R3, R3
  0008   30 FIELD         R8, R2, .x
  0009    | LOADK         R9, K11             ; 200
  0010    | MUL           R9, R9, R3
  0011    | ADD           R8, R8, R9
  0012    | FIELD         R9, R2, .y
  0013    | ADD           R9, R9, K12         ; 75
  0014    | MKPOINT       R5, R8, R9
  0015   31 FIELD         R9, R2, .x
  0016    | FIELD         R12, R2, .y
  0017    | ADD           R12, R12, K13       ; 30
  0018    | MKPOINT       R9, R9, R12
  0019    | FIELD         R10, R5, .x
  0020    | FIELD         R12, R5, .y
  0021    | SUB           R12, R12, K13       ; 30
  0022    | MKPOINT       R10, R10, R12
  0023    | MOVE          R11, R5
  0024    | CALLB         R8, R9, curveTo
  0025    | ADD           R1, R1, R8
  0026   32 MOVE          R2, R5
  0027   28 FORLOOP       R6..R7, R4, -21     ; -> 0007
  0028   34 RETV          R1

.function F2 "at 0s" params 0 registers 10
  0000   38 ANIMNEW       R3, AT0             ; keyframe position
  0001    | GETGLOBAL     R5, G0
  0002    | GETPROP       R5, R5, position
  0003    | CALL          R4, 1, F1           ; "sail"
  0004    | ANIMSET       R3, R4, path
  0005    | MOVE          R0, R3
  0006   39 ANIMNEW       R3, AT1             ; keyframe transform
  0007    | LOADK         R5, K8              ; 0
  0008    | LOADK         R6, K14             ; 3.141592653589793
  0009    | LOADK         R7, K8              ; 0
  0010    | LOADK         R8, K14             ; 3.141592653589793
  0011    | NEWARRAY      R4, R5, 4
  0012    | ANIMSET       R3, R4, values
  0013    | MOVE          R1, R3
  0014   40 ANIMNEW       R3, AT2             ; keyframe transform
  0015    | LOADK         R5, K8              ; 0
  0016    | LOADK         R6, K15             ; 0.05235987755982988
  0017    | LOADK         R7, K8              ; 0
  0018    | LOADK         R8, K16             ; -0.05235987755982988
  0019    | LOADK         R9, K8              ; 0
  0020    | NEWARRAY      R4, R5, 5
  0021    | ANIMSET       R3, R4, values
  0022    | MOVE          R2, R3
  0023   44 GETGLOBAL     R3, G0
  0024    | ANIMNEW       R4, AT3             ; group bounds
  0025    | MOVE          R6, R0
  0026    | MOVE          R7, R1
  0027    | MOVE          R8, R2
  0028    | NEWARRAY      R5, R6, 3
  0029    | ANIMSET       R4, R5, animations
  0030    | ANIMADD       R3, R4, K17         ; ""
  0031   45 TXBEGIN
  0032    | LOADBOOL      R3, 1
  0033    | TXSET         R3, disableActions
  0034    | GETGLOBAL     R3, G0
  0035    | LOADK         R4, K18             ; (300, 320)
  0036    | SETPROP       R3, R4, position
  0037    | TXCOMMIT
  0038   46 RET
