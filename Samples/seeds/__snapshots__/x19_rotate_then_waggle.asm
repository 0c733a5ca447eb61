; calc bytecode, format 2
; source: Samples/seeds/x19_rotate_then_waggle.cal
.scene size 200x100 scale 1 fps 30 duration 2.5 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 60, 8)
  K1      point     (100, 50)
  K2      transform [0.8660254037844387 0.49999999999999994 0 0, -0.49999999999999994 0.8660254037844387 0 0, 0 0 1 0, 0 0 0 1]
  K3      number    1.05
  K4      enum      case 2
  K5      number    0.8
  K6      timing    cubic(0.9, 0.1, 0.7, 0.9)
  K7      bool      true
  K8      number    0.25
  K9      number    1
  K10     number    0.7853981633974483
  K11     number    0
  K12     number    0.15707963267948966
  K13     number    -0.12566370614359174
  K14     number    0.10471975511965977
  K15     number    -0.08975979010256552
  K16     number    0.07853981633974483
  K17     number    -0.06981317007977318
  K18     number    0.06283185307179587
  K19     number    -0.057119866428905326
  K20     string    "rotateThenWaggle"

.layer LT0 plain "arrow"
  bounds = K0                 ; (0, 0, 60, 8)
  position = K1               ; (100, 50)
  transform = K2              ; [0.8660254037844387 0.49999999999999994 0 0, -0.49999999999999994 0.8660254037844387 0 0, 0 0 1 0, 0 0 0 1]

.animation AT0 basic transform
  valueFunction = K4          ; .rotateZ
  duration = K5               ; 0.8
  timingFunction = K6         ; cubic(0.9, 0.1, 0.7, 0.9)

.animation AT1 keyframe transform
  valueFunction = K4          ; .rotateZ
  additive = K7               ; true
  duration = K8               ; 0.25
  beginTime = K5              ; 0.8

.animation AT2 group bounds
  duration = K3               ; 1.05

.function F0 "main" params 0 registers 3
  0000   22 NEWLAYER      R0, LT0             ; plain "arrow"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   23 LOADK         R0, K9              ; 1
  0006    | NEWARRAY      R1, R2, 0
  0007    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0008   35 RET

.function F1 "at 1s" params 0 registers 17
  0000   24 GETGLOBAL     R1, G0
  0001    | GETPROP       R0, R1, transform.rotation.z
  0002   25 TXBEGIN
  0003    | LOADBOOL      R1, 1
  0004    | TXSET         R1, disableActions
  0005    | GETGLOBAL     R1, G0
  0006    | ADD           R2, R0, K10         ; 0.7853981633974483
  0007    | SETPROP       R1, R2, transform.rotation.z
  0008    | TXCOMMIT
  0009   26 GETGLOBAL     R1, G0
  0010    | ANIMNEW       R2, AT2             ; group bounds
  0011    | ANIMNEW       R4, AT0             ; basic transform
  0012    | ANIMSET       R4, R0, from
  0013    | ADD           R6, R0, K10         ; 0.7853981633974483
  0014    | ANIMSET       R4, R6, to
  0015    | ANIMNEW       R5, AT1             ; keyframe transform
  0016    | LOADK         R7, K11             ; 0
  0017    | LOADK         R8, K12             ; 0.15707963267948966
  0018    | LOADK         R9, K13             ; -0.12566370614359174
  0019    | LOADK         R10, K14            ; 0.10471975511965977
  0020    | LOADK         R11, K15            ; -0.08975979010256552
  0021    | LOADK         R12, K16            ; 0.07853981633974483
  0022    | LOADK         R13, K17            ; -0.06981317007977318
  0023    | LOADK         R14, K18            ; 0.06283185307179587
  0024    | LOADK         R15, K19            ; -0.057119866428905326
  0025    | LOADK         R16, K11            ; 0
  0026    | NEWARRAY      R6, R7, 10
  0027    | ANIMSET       R5, R6, values
  0028    | NEWARRAY      R3, R4, 2
  0029    | ANIMSET       R2, R3, animations
  0030    | ANIMADD       R1, R2, K20         ; "rotateThenWaggle"
  0031   35 RET
