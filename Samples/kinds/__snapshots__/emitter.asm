; calc bytecode, format 2
; source: Samples/kinds/emitter.cal
.scene size 200x160 scale 1 fps 10 duration 2 background #1d3557ff origin topLeft
.globals 2
.property "emitterCells.spark.contents" id 32768 image = image ""
.property "emitterCells.spark.birthRate" id 32769 number = 0
.property "emitterCells.spark.lifetime" id 32770 duration = 0
.property "emitterCells.spark.lifetimeRange" id 32771 duration = 0
.property "emitterCells.spark.velocity" id 32772 number = 0
.property "emitterCells.spark.velocityRange" id 32773 number = 0
.property "emitterCells.spark.emissionLongitude" id 32774 angle = 0
.property "emitterCells.spark.emissionRange" id 32775 angle = 0
.property "emitterCells.spark.yAcceleration" id 32776 number = 0
.property "emitterCells.spark.color" id 32777 color = #ffffffff
.property "emitterCells.spark.greenRange" id 32778 number = 0
.property "emitterCells.spark.alphaSpeed" id 32779 number = 0
.property "emitterCells.spark.scale" id 32780 number = 1
.property "emitterCells.spark.scaleSpeed" id 32781 number = 0
.property "emitterCells.spark.spin" id 32782 angle = 0
.property "emitterCells.spark.spinRange" id 32783 angle = 0
.property "emitterCells.spark.emitterCells.trail.contents" id 32784 image = image ""
.property "emitterCells.spark.emitterCells.trail.birthRate" id 32785 number = 0
.property "emitterCells.spark.emitterCells.trail.lifetime" id 32786 duration = 0
.property "emitterCells.spark.emitterCells.trail.velocity" id 32787 number = 0
.property "emitterCells.spark.emitterCells.trail.scale" id 32788 number = 1
.property "emitterCells.spark.emitterCells.trail.alphaSpeed" id 32789 number = 0
.property "emitterCells.spark.greenSpeed" id 32790 number = 0

.constants
  K0      rect      (40, 130, 120, 12)
  K1      color     #457b9dff
  K2      number    6
  K3      rect      (0, 0, 200, 160)
  K4      point     (100, 130)
  K5      enum      case 1
  K6      size      (60, 0)
  K7      enum      case 4
  K8      number    7
  K9      image     image "spark.png"
  K10     number    40
  K11     number    1.2
  K12     number    0.3
  K13     number    90
  K14     number    15
  K15     number    -1.5707963267948966
  K16     number    0.4363323129985824
  K17     number    120
  K18     color     #ffcc00ff
  K19     number    0.2
  K20     number    -0.6
  K21     number    0.6
  K22     number    -0.2
  K23     number    2
  K24     number    1
  K25     number    8
  K26     number    0
  K27     number    -2
  K28     number    -0.5
  K29     number    0.5
  K30     bool      true
  K31     string    "spark"
  K32     string    "spark.trail"
  K33     string    "drift"
  K34     number    1.5

.layer LT0 plain "basin"
  frame = K0                  ; (40, 130, 120, 12)
  backgroundColor = K1        ; #457b9dff
  cornerRadius = K2           ; 6

.layer LT1 emitter "fountain"
  frame = K3                  ; (0, 0, 200, 160)
  emitterPosition = K4        ; (100, 130)
  emitterShape = K5           ; case 1
  emitterSize = K6            ; (60, 0)
  renderMode = K7             ; case 4
  seed = K8                   ; 7
  emitterCells.spark.contents = K9 ; image "spark.png"
  emitterCells.spark.birthRate = K10 ; 40
  emitterCells.spark.lifetime = K11 ; 1.2
  emitterCells.spark.lifetimeRange = K12 ; 0.3
  emitterCells.spark.velocity = K13 ; 90
  emitterCells.spark.velocityRange = K14 ; 15
  emitterCells.spark.emissionLongitude = K15 ; -1.5707963267948966
  emitterCells.spark.emissionRange = K16 ; 0.4363323129985824
  emitterCells.spark.yAcceleration = K17 ; 120
  emitterCells.spark.color = K18 ; #ffcc00ff
  emitterCells.spark.greenRange = K19 ; 0.2
  emitterCells.spark.alphaSpeed = K20 ; -0.6
  emitterCells.spark.scale = K21 ; 0.6
  emitterCells.spark.scaleSpeed = K22 ; -0.2
  emitterCells.spark.spin = K23 ; 2
  emitterCells.spark.spinRange = K24 ; 1
  emitterCells.spark.emitterCells.trail.contents = K9 ; image "spark.png"
  emitterCells.spark.emitterCells.trail.birthRate = K25 ; 8
  emitterCells.spark.emitterCells.trail.lifetime = K12 ; 0.3
  emitterCells.spark.emitterCells.trail.velocity = K26 ; 0
  emitterCells.spark.emitterCells.trail.scale = K12 ; 0.3
  emitterCells.spark.emitterCells.trail.alphaSpeed = K27 ; -2

.animation AT0 basic emitterCells.spark.greenSpeed
  from = K28                  ; -0.5
  to = K29                    ; 0.5
  duration = K24              ; 1
  autoreverses = K30          ; true

.function F0 "main" params 0 registers 4
  0000    9 NEWLAYER      R0, LT0             ; plain "basin"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   11 NEWLAYER      R0, LT1             ; emitter "fountain"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010    | GETGLOBAL     R0, G1
  0011    | LOADK         R2, K31             ; "spark"
  0012    | LOADK         R3, K32             ; "spark.trail"
  0013    | NEWARRAY      R1, R2, 2
  0014    | SETPROP       R0, R1, emitterCells
  0015   28 GETGLOBAL     R0, G1
  0016    | ANIMNEW       R1, AT0             ; basic emitterCells.spark.greenSpeed
  0017    | ANIMADD       R0, R1, K33         ; "drift"
  0018   32 LOADK         R0, K34             ; 1.5
  0019    | NEWARRAY      R1, R2, 0
  0020    | SCHEDULE      R0, R1, F1          ; "at 1.5s"
  0021    | RET

.function F1 "at 1.5s" params 0 registers 2
  0000   32 GETGLOBAL     R0, G1
  0001    | LOADK         R1, K26             ; 0
  0002    | SETPROP       R0, R1, emitterCells.spark.birthRate
  0003    | RET
