; calc bytecode, format 2
; source: Samples/animation/group.cal
.scene size 200x100 scale 1 fps 10 duration 2.5 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 30, 30)
  K1      point     (170, 50)
  K2      color     #2a9d8fff
  K3      number    6
  K4      number    2
  K5      number    30
  K6      number    170
  K7      number    0
  K8      number    3.141592653589793
  K9      number    1
  K10     number    0.5
  K11     enum      case 1
  K12     number    0.2
  K13     number    0.6
  K14     string    "intro"

.layer LT0 plain "box"
  bounds = K0                 ; (0, 0, 30, 30)
  position = K1               ; (170, 50)
  backgroundColor = K2        ; #2a9d8fff
  cornerRadius = K3           ; 6

.animation AT0 basic position.x
  from = K5                   ; 30
  to = K6                     ; 170

.animation AT1 basic transform.rotation.z
  from = K7                   ; 0
  to = K8                     ; 3.141592653589793
  duration = K9               ; 1
  beginTime = K10             ; 0.5
  fillMode = K11              ; .forwards

.animation AT2 keyframe opacity
  duration = K9               ; 1

.animation AT3 group bounds
  duration = K4               ; 2

.function F0 "main" params 0 registers 10
  0000    7 NEWLAYER      R0, LT0             ; plain "box"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   13 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT3             ; group bounds
  0007    | ANIMNEW       R3, AT0             ; basic position.x
  0008    | ANIMNEW       R4, AT1             ; basic transform.rotation.z
  0009    | ANIMNEW       R5, AT2             ; keyframe opacity
  0010    | LOADK         R7, K12             ; 0.2
  0011    | LOADK         R8, K9              ; 1
  0012    | LOADK         R9, K13             ; 0.6
  0013    | NEWARRAY      R6, R7, 3
  0014    | ANIMSET       R5, R6, values
  0015    | NEWARRAY      R2, R3, 3
  0016    | ANIMSET       R1, R2, animations
  0017    | ANIMADD       R0, R1, K14         ; "intro"
  0018   22 RET
