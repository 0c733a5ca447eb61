; calc bytecode, format 2
; source: Samples/animation/spring.cal
.scene size 240x120 scale 1 fps 30 duration 1.5 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 20, 20)
  K1      point     (200, 40)
  K2      color     #e76f51ff
  K3      number    10
  K4      number    30
  K5      number    200
  K6      number    6
  K7      point     (200, 80)
  K8      color     #264653ff
  K9      number    20
  K10     number    100
  K11     string    "s"

.layer LT0 plain "bouncy"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K1               ; (200, 40)
  backgroundColor = K2        ; #e76f51ff
  cornerRadius = K3           ; 10

.layer LT1 plain "firm"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K7               ; (200, 80)
  backgroundColor = K8        ; #264653ff
  cornerRadius = K3           ; 10

.animation AT0 spring position.x
  from = K4                   ; 30
  to = K5                     ; 200
  damping = K6                ; 6

.animation AT1 spring position.x
  from = K4                   ; 30
  to = K5                     ; 200
  damping = K9                ; 20
  stiffness = K10             ; 100

.function F0 "main" params 0 registers 2
  0000    6 NEWLAYER      R0, LT0             ; plain "bouncy"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   12 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; spring position.x
  0007    | ANIMADD       R0, R1, K11         ; "s"
  0008   16 NEWLAYER      R0, LT1             ; plain "firm"
  0009    | SETGLOBAL     R0, G1
  0010    | ROOT          R0
  0011    | GETGLOBAL     R1, G1
  0012    | ADDSUBLAYER   R0, R1
  0013   22 GETGLOBAL     R0, G1
  0014    | ANIMNEW       R1, AT1             ; spring position.x
  0015    | ANIMADD       R0, R1, K11         ; "s"
  0016   24 RET
