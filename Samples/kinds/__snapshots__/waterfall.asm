; calc bytecode, format 2
; source: Samples/kinds/waterfall.cal
.scene size 240x200 scale 1 fps 30 duration 2 background #0b1d2aff origin topLeft
.globals 3
.property "emitterCells.circle.contents" id 32768 image = image ""
.property "emitterCells.circle.birthRate" id 32769 number = 0
.property "emitterCells.circle.lifetime" id 32770 duration = 0
.property "emitterCells.circle.lifetimeRange" id 32771 duration = 0
.property "emitterCells.circle.velocity" id 32772 number = 0
.property "emitterCells.circle.velocityRange" id 32773 number = 0
.property "emitterCells.circle.emissionRange" id 32774 angle = 0
.property "emitterCells.circle.xAcceleration" id 32775 number = 0
.property "emitterCells.circle.yAcceleration" id 32776 number = 0
.property "emitterCells.circle.scale" id 32777 number = 1
.property "emitterCells.circle.scaleRange" id 32778 number = 0
.property "emitterCells.circle.scaleSpeed" id 32779 number = 0
.property "emitterCells.circle.color" id 32780 color = #ffffffff
.property "emitterCells.circle.greenRange" id 32781 number = 0
.property "emitterCells.circle.greenSpeed" id 32782 number = 0

.constants
  K0      rect      (0, 0, 240, 200)
  K1      point     (30, 40)
  K2      enum      case 0
  K3      enum      case 1
  K4      number    2
  K5      image     image "drop.png"
  K6      number    100
  K7      number    1.5
  K8      number    0.4
  K9      number    20
  K10     number    0.6283185307179586
  K11     number    -40
  K12     number    200
  K13     number    1
  K14     number    0.2
  K15     color     #0000ffc0
  K16     number    0.5
  K17     number    0.75
  K18     rect      (0, 166, 240, 34)
  K19     rect      (0, 34, 36, 166)
  K20     color     #3d3a36ff
  K21     number    4
  K22     string    "circle"
  K23     color     #2a6f97e6
  K24     color     #0b2233ff

.layer LT0 emitter "waterfall"
  frame = K0                  ; (0, 0, 240, 200)
  emitterPosition = K1        ; (30, 40)
  emitterShape = K2           ; case 0
  emitterMode = K2            ; case 0
  renderMode = K3             ; case 1
  seed = K4                   ; 2
  emitterCells.circle.contents = K5 ; image "drop.png"
  emitterCells.circle.birthRate = K6 ; 100
  emitterCells.circle.lifetime = K7 ; 1.5
  emitterCells.circle.lifetimeRange = K8 ; 0.4
  emitterCells.circle.velocity = K6 ; 100
  emitterCells.circle.velocityRange = K9 ; 20
  emitterCells.circle.emissionRange = K10 ; 0.6283185307179586
  emitterCells.circle.xAcceleration = K11 ; -40
  emitterCells.circle.yAcceleration = K12 ; 200
  emitterCells.circle.scale = K13 ; 1
  emitterCells.circle.scaleRange = K14 ; 0.2
  emitterCells.circle.scaleSpeed = K14 ; 0.2
  emitterCells.circle.color = K15 ; #0000ffc0
  emitterCells.circle.greenRange = K16 ; 0.5
  emitterCells.circle.greenSpeed = K17 ; 0.75

.layer LT1 gradient "pool"
  frame = K18                 ; (0, 166, 240, 34)

.layer LT2 plain "ledge"
  frame = K19                 ; (0, 34, 36, 166)
  backgroundColor = K20       ; #3d3a36ff
  cornerRadius = K21          ; 4

.function F0 "main" params 0 registers 4
  0000   13 NEWLAYER      R0, LT0             ; emitter "waterfall"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005    | GETGLOBAL     R0, G0
  0006    | LOADK         R2, K22             ; "circle"
  0007    | NEWARRAY      R1, R2, 1
  0008    | SETPROP       R0, R1, emitterCells
  0009   27 NEWLAYER      R0, LT1             ; gradient "pool"
  0010    | SETGLOBAL     R0, G1
  0011    | ROOT          R0
  0012    | GETGLOBAL     R1, G1
  0013    | ADDSUBLAYER   R0, R1
  0014   29 GETGLOBAL     R0, G1
  0015    | LOADK         R2, K23             ; #2a6f97e6
  0016    | LOADK         R3, K24             ; #0b2233ff
  0017    | NEWARRAY      R1, R2, 2
  0018    | SETPROP       R0, R1, colors
  0019   32 NEWLAYER      R0, LT2             ; plain "ledge"
  0020    | SETGLOBAL     R0, G2
  0021    | ROOT          R0
  0022    | GETGLOBAL     R1, G2
  0023    | ADDSUBLAYER   R0, R1
  0024    | RET
