; calc bytecode, format 2
; source: Samples/seeds/x18_decaying_waggle.cal
.scene size 100x100 scale 1 fps 30 duration 0.5 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 60, 8)
  K1      point     (50, 50)
  K2      enum      case 2
  K3      bool      true
  K4      number    0
  K5      number    0.15707963267948966
  K6      number    -0.12566370614359174
  K7      number    0.10471975511965977
  K8      number    -0.08975979010256552
  K9      number    0.07853981633974483
  K10     number    -0.06981317007977318
  K11     number    0.06283185307179587
  K12     number    -0.057119866428905326
  K13     string    "waggle"

.layer LT0 plain "arrow"
  bounds = K0                 ; (0, 0, 60, 8)
  position = K1               ; (50, 50)

.animation AT0 keyframe transform
  valueFunction = K2          ; .rotateZ
  additive = K3               ; true

.function F0 "main" params 0 registers 13
  0000   11 NEWLAYER      R0, LT0             ; plain "arrow"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   14 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; keyframe transform
  0007    | LOADK         R3, K4              ; 0
  0008    | LOADK         R4, K5              ; 0.15707963267948966
  0009    | LOADK         R5, K6              ; -0.12566370614359174
  0010    | LOADK         R6, K7              ; 0.10471975511965977
  0011    | LOADK         R7, K8              ; -0.08975979010256552
  0012    | LOADK         R8, K9              ; 0.07853981633974483
  0013    | LOADK         R9, K10             ; -0.06981317007977318
  0014    | LOADK         R10, K11            ; 0.06283185307179587
  0015    | LOADK         R11, K12            ; -0.057119866428905326
  0016    | LOADK         R12, K4             ; 0
  0017    | NEWARRAY      R2, R3, 10
  0018    | ANIMSET       R1, R2, values
  0019    | ANIMADD       R0, R1, K13         ; "waggle"
  0020   19 RET
