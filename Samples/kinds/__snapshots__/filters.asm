; calc bytecode, format 2
; source: Samples/kinds/filters.cal
.scene size 200x140 scale 1 fps 10 duration 2 background #ffffffff origin topLeft
.globals 3
.property "filters.soft.inputRadius" id 32768 number = 10
.property "filters.colorControls.inputSaturation" id 32769 number = 1
.property "backgroundFilters.bloom.inputIntensity" id 32770 number = 0.5
.property "filters.colorControls.inputBrightness" id 32771 number = 0
.property "filters.posterize.inputLevels" id 32772 number = 6

.constants
  K0      rect      (0, 0, 120, 80)
  K1      point     (80, 60)
  K2      color     #a8dadcff
  K3      number    0
  K4      number    1
  K5      rect      (10, 60, 100, 10)
  K6      color     #1d3557ff
  K7      rect      (90, 10, 20, 20)
  K8      color     #e63946ff
  K9      string    "gaussianBlur:soft"
  K10     string    "colorControls:colorControls"
  K11     number    2
  K12     number    0.5
  K13     string    "bloom:bloom"
  K14     number    0.8
  K15     string    "focus"
  K16     enum      case 1
  K17     enum      case 3
  K18     enum      case 0
  K19     number    1.5
  K20     size      (180, 110)
  K21     number    0.2
  K22     string    "posterize:posterize"
  K23     number    4

.layer LT0 plain "bar"
  frame = K5                  ; (10, 60, 100, 10)
  backgroundColor = K6        ; #1d3557ff

.layer LT1 plain "badge"
  frame = K7                  ; (90, 10, 20, 20)
  backgroundColor = K8        ; #e63946ff

.layer LT2 plain "panel"
  bounds = K0                 ; (0, 0, 120, 80)
  position = K1               ; (80, 60)
  backgroundColor = K2        ; #a8dadcff

.animation AT0 basic filters.soft.inputRadius
  to = K3                     ; 0
  duration = K4               ; 1

.function F0 "main" params 0 registers 4
  0000    9 NEWLAYER      R0, LT2             ; plain "panel"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   13 GETGLOBAL     R0, G0
  0006    | LOADK         R2, K9              ; "gaussianBlur:soft"
  0007    | LOADK         R3, K10             ; "colorControls:colorControls"
  0008    | NEWARRAY      R1, R2, 2
  0009    | SETPROP       R0, R1, filters
  0010    | GETGLOBAL     R0, G0
  0011    | LOADK         R1, K11             ; 2
  0012    | SETPROP       R0, R1, filters.soft.inputRadius
  0013    | GETGLOBAL     R0, G0
  0014    | LOADK         R1, K12             ; 0.5
  0015    | SETPROP       R0, R1, filters.colorControls.inputSaturation
  0016   14 GETGLOBAL     R0, G0
  0017    | LOADK         R2, K13             ; "bloom:bloom"
  0018    | NEWARRAY      R1, R2, 1
  0019    | SETPROP       R0, R1, backgroundFilters
  0020    | GETGLOBAL     R0, G0
  0021    | LOADK         R1, K14             ; 0.8
  0022    | SETPROP       R0, R1, backgroundFilters.bloom.inputIntensity
  0023   15 GETGLOBAL     R0, G0
  0024    | ANIMNEW       R1, AT0             ; basic filters.soft.inputRadius
  0025    | ANIMADD       R0, R1, K15         ; "focus"
  0026   17 NEWLAYER      R0, LT0             ; plain "bar"
  0027    | SETGLOBAL     R0, G1
  0028    | GETGLOBAL     R0, G0
  0029    | GETGLOBAL     R1, G1
  0030    | ADDSUBLAYER   R0, R1
  0031    | GETGLOBAL     R0, G1
  0032    | LOADK         R2, K16             ; case 1
  0033    | LOADK         R3, K17             ; case 3
  0034    | NEWARRAY      R1, R2, 2
  0035    | SETPROP       R0, R1, autoresizingMask
  0036   18 NEWLAYER      R0, LT1             ; plain "badge"
  0037    | SETGLOBAL     R0, G2
  0038    | GETGLOBAL     R0, G0
  0039    | GETGLOBAL     R1, G2
  0040    | ADDSUBLAYER   R0, R1
  0041    | GETGLOBAL     R0, G2
  0042    | LOADK         R2, K18             ; case 0
  0043    | NEWARRAY      R1, R2, 1
  0044    | SETPROP       R0, R1, autoresizingMask
  0045   21 LOADK         R0, K12             ; 0.5
  0046    | NEWARRAY      R1, R2, 0
  0047    | SCHEDULE      R0, R1, F1          ; "at 0.5s"
  0048   22 LOADK         R0, K4              ; 1
  0049    | NEWARRAY      R1, R2, 0
  0050    | SCHEDULE      R0, R1, F2          ; "at 1s"
  0051   23 LOADK         R0, K19             ; 1.5
  0052    | NEWARRAY      R1, R2, 0
  0053    | SCHEDULE      R0, R1, F3          ; "at 1.5s"
  0054    | RET

.function F1 "at 0.5s" params 0 registers 2
  0000   21 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K20             ; (180, 110)
  0002    | SETPROP       R0, R1, bounds.size
  0003    | RET

.function F2 "at 1s" params 0 registers 2
  0000   22 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K21             ; 0.2
  0002    | SETPROP       R0, R1, filters.colorControls.inputBrightness
  0003    | RET

.function F3 "at 1.5s" params 0 registers 3
  0000   23 GETGLOBAL     R0, G0
  0001    | LOADK         R2, K22             ; "posterize:posterize"
  0002    | NEWARRAY      R1, R2, 1
  0003    | SETPROP       R0, R1, filters
  0004    | GETGLOBAL     R0, G0
  0005    | LOADK         R1, K23             ; 4
  0006    | SETPROP       R0, R1, filters.posterize.inputLevels
  0007    | RET
