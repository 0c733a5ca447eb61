; calc bytecode, format 2
; source: Samples/seeds/x05_continuous_pulse.cal
.scene size 100x100 scale 1 fps 30 duration 5 background #ffffffff origin topLeft
.globals 1
.property "filters.pulseFilter.inputRadius" id 32768 number = 10
.property "filters.pulseFilter.inputIntensity" id 32769 number = 0.5

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (50, 50)
  K2      number    2
  K3      number    0
  K4      number    1.5
  K5      number    1
  K6      number    inf
  K7      bool      true
  K8      timing    easeInEaseOut
  K9      string    "bloom:pulseFilter"
  K10     number    5
  K11     string    "pulseAnimation"

.layer LT0 plain "glow"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (50, 50)
  borderWidth = K2            ; 2

.animation AT0 basic filters.pulseFilter.inputIntensity
  from = K3                   ; 0
  to = K4                     ; 1.5
  duration = K5               ; 1
  repeatCount = K6            ; inf
  autoreverses = K7           ; true
  timingFunction = K8         ; easeInEaseOut

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT0             ; plain "glow"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 GETGLOBAL     R0, G0
  0006    | LOADK         R2, K9              ; "bloom:pulseFilter"
  0007    | NEWARRAY      R1, R2, 1
  0008    | SETPROP       R0, R1, filters
  0009    | GETGLOBAL     R0, G0
  0010    | LOADK         R1, K10             ; 5
  0011    | SETPROP       R0, R1, filters.pulseFilter.inputRadius
  0012   17 GETGLOBAL     R0, G0
  0013    | ANIMNEW       R1, AT0             ; basic filters.pulseFilter.inputIntensity
  0014    | ANIMADD       R0, R1, K11         ; "pulseAnimation"
  0015   22 RET
