; calc bytecode, format 6
; source: Samples/kinds/shadows.cal
.scene size 256x160 scale 1 fps 10 duration 1 background #f1faeeff origin topLeft
.globals 9

.constants
  K0      rect      (12, 12, 60, 44)
  K1      color     #457b9dff
  K2      number    8
  K3      rect      (96, 12, 60, 44)
  K4      color     #457b9d80
  K5      rect      (184, 8, 56, 56)
  K6      path      path(move 28, 0; line 36, 19; line 56, 21; line 41, 34; line 46, 56; line 28, 44; line 10, 56; line 15, 34; line 0, 21; line 20, 19; close)
  K7      color     #e63946ff
  K8      rect      (12, 92, 44, 44)
  K9      color     #2a9d8fff
  K10     rect      (30, -8, 24, 20)
  K11     color     #e9c46aff
  K12     rect      (76, 92, 44, 44)
  K13     bool      true
  K14     rect      (140, 92, 44, 44)
  K15     color     #1d3557ff
  K16     number    6
  K17     transform [0.8660254037844387 0.49999999999999994 0 0, -0.49999999999999994 0.8660254037844387 0 0, 0 0 1 0, 0 0 0 1]
  K18     rect      (200, 92, 44, 44)
  K19     number    2
  K20     path      path(move 40, 37; cubic 40, 40.865993248815556, 31.941125496954285, 44, 22, 44; cubic 12.05887450304572, 44, 4.0000000000000036, 40.865993248815556, 4, 37; cubic 4, 33.134006751184444, 12.058874503045715, 30, 21.999999999999996, 30; cubic 31.941125496954278, 30, 40, 33.134006751184444, 40, 37; close)
  K21     number    0.5
  K22     size      (4, 6)

.layer LT0 plain "opaque"
  frame = K0                  ; (12, 12, 60, 44)
  backgroundColor = K1        ; #457b9dff
  cornerRadius = K2           ; 8

.layer LT1 plain "glass"
  frame = K3                  ; (96, 12, 60, 44)
  backgroundColor = K4        ; #457b9d80
  cornerRadius = K2           ; 8

.layer LT2 shape "star"
  frame = K5                  ; (184, 8, 56, 56)
  path = K6                   ; path(move 28, 0; line 36, 19; line 56, 21; line 41, 34; line 46, 56; line 28, 44; line 10, 56; line 15, 34; line 0, 21; line 20, 19; close)
  fillColor = K7              ; #e63946ff

.layer LT3 plain "tab"
  frame = K10                 ; (30, -8, 24, 20)
  backgroundColor = K11       ; #e9c46aff

.layer LT4 plain "parent"
  frame = K8                  ; (12, 92, 44, 44)
  backgroundColor = K9        ; #2a9d8fff

.layer LT5 plain "tab2"
  frame = K10                 ; (30, -8, 24, 20)
  backgroundColor = K11       ; #e9c46aff

.layer LT6 plain "clipped"
  frame = K12                 ; (76, 92, 44, 44)
  backgroundColor = K9        ; #2a9d8fff
  masksToBounds = K13         ; true

.layer LT7 plain "turned"
  frame = K14                 ; (140, 92, 44, 44)
  backgroundColor = K15       ; #1d3557ff
  cornerRadius = K16          ; 6
  transform = K17             ; [0.8660254037844387 0.49999999999999994 0 0, -0.49999999999999994 0.8660254037844387 0 0, 0 0 1 0, 0 0 0 1]

.layer LT8 plain "pathOnly"
  frame = K18                 ; (200, 92, 44, 44)
  borderWidth = K19           ; 2
  borderColor = K15           ; #1d3557ff
  shadowPath = K20            ; path(move 40, 37; cubic 40, 40.865993248815556, 31.941125496954285, 44, 22, 44; cubic 12.05887450304572, 44, 4.0000000000000036, 40.865993248815556, 4, 37; cubic 4, 33.134006751184444, 12.058874503045715, 30, 21.999999999999996, 30; cubic 31.941125496954278, 30, 40, 33.134006751184444, 40, 37; close)

.function F0 "main" params 0 registers 2
  0000   14 NEWLAYER      R0, LT0             ; plain "opaque"
  0001    | SETGLOBAL     R0, G0
  0002    | GETGLOBAL     R0, G0
  0003    | LOADK         R1, K21             ; 0.5
  0004    | SETSTYLED     R0, R1, shadowOpacity
  0005    | GETGLOBAL     R0, G0
  0006    | LOADK         R1, K2              ; 8
  0007    | SETSTYLED     R0, R1, shadowRadius
  0008    | GETGLOBAL     R0, G0
  0009    | LOADK         R1, K22             ; (4, 6)
  0010    | SETSTYLED     R0, R1, shadowOffset
  0011    | ROOT          R0
  0012    | GETGLOBAL     R1, G0
  0013    | ADDSUBLAYER   R0, R1
  0014   15 NEWLAYER      R0, LT1             ; plain "glass"
  0015    | SETGLOBAL     R0, G1
  0016    | GETGLOBAL     R0, G1
  0017    | LOADK         R1, K21             ; 0.5
  0018    | SETSTYLED     R0, R1, shadowOpacity
  0019    | GETGLOBAL     R0, G1
  0020    | LOADK         R1, K2              ; 8
  0021    | SETSTYLED     R0, R1, shadowRadius
  0022    | GETGLOBAL     R0, G1
  0023    | LOADK         R1, K22             ; (4, 6)
  0024    | SETSTYLED     R0, R1, shadowOffset
  0025    | ROOT          R0
  0026    | GETGLOBAL     R1, G1
  0027    | ADDSUBLAYER   R0, R1
  0028   16 NEWLAYER      R0, LT2             ; shape "star"
  0029    | SETGLOBAL     R0, G2
  0030   21 GETGLOBAL     R0, G2
  0031    | LOADK         R1, K21             ; 0.5
  0032    | SETSTYLED     R0, R1, shadowOpacity
  0033    | GETGLOBAL     R0, G2
  0034    | LOADK         R1, K2              ; 8
  0035    | SETSTYLED     R0, R1, shadowRadius
  0036    | GETGLOBAL     R0, G2
  0037    | LOADK         R1, K22             ; (4, 6)
  0038    | SETSTYLED     R0, R1, shadowOffset
  0039   16 ROOT          R0
  0040    | GETGLOBAL     R1, G2
  0041    | ADDSUBLAYER   R0, R1
  0042   23 NEWLAYER      R0, LT4             ; plain "parent"
  0043    | SETGLOBAL     R0, G3
  0044   24 GETGLOBAL     R0, G3
  0045    | LOADK         R1, K21             ; 0.5
  0046    | SETSTYLED     R0, R1, shadowOpacity
  0047    | GETGLOBAL     R0, G3
  0048    | LOADK         R1, K2              ; 8
  0049    | SETSTYLED     R0, R1, shadowRadius
  0050    | GETGLOBAL     R0, G3
  0051    | LOADK         R1, K22             ; (4, 6)
  0052    | SETSTYLED     R0, R1, shadowOffset
  0053   23 ROOT          R0
  0054    | GETGLOBAL     R1, G3
  0055    | ADDSUBLAYER   R0, R1
  0056   25 NEWLAYER      R0, LT3             ; plain "tab"
  0057    | SETGLOBAL     R0, G4
  0058    | GETGLOBAL     R0, G3
  0059    | GETGLOBAL     R1, G4
  0060    | ADDSUBLAYER   R0, R1
  0061   27 NEWLAYER      R0, LT6             ; plain "clipped"
  0062    | SETGLOBAL     R0, G5
  0063   28 GETGLOBAL     R0, G5
  0064    | LOADK         R1, K21             ; 0.5
  0065    | SETSTYLED     R0, R1, shadowOpacity
  0066    | GETGLOBAL     R0, G5
  0067    | LOADK         R1, K2              ; 8
  0068    | SETSTYLED     R0, R1, shadowRadius
  0069    | GETGLOBAL     R0, G5
  0070    | LOADK         R1, K22             ; (4, 6)
  0071    | SETSTYLED     R0, R1, shadowOffset
  0072   27 ROOT          R0
  0073    | GETGLOBAL     R1, G5
  0074    | ADDSUBLAYER   R0, R1
  0075   29 NEWLAYER      R0, LT5             ; plain "tab2"
  0076    | SETGLOBAL     R0, G6
  0077    | GETGLOBAL     R0, G5
  0078    | GETGLOBAL     R1, G6
  0079    | ADDSUBLAYER   R0, R1
  0080   31 NEWLAYER      R0, LT7             ; plain "turned"
  0081    | SETGLOBAL     R0, G7
  0082    | GETGLOBAL     R0, G7
  0083    | LOADK         R1, K21             ; 0.5
  0084    | SETSTYLED     R0, R1, shadowOpacity
  0085    | GETGLOBAL     R0, G7
  0086    | LOADK         R1, K2              ; 8
  0087    | SETSTYLED     R0, R1, shadowRadius
  0088    | GETGLOBAL     R0, G7
  0089    | LOADK         R1, K22             ; (4, 6)
  0090    | SETSTYLED     R0, R1, shadowOffset
  0091    | ROOT          R0
  0092    | GETGLOBAL     R1, G7
  0093    | ADDSUBLAYER   R0, R1
  0094   32 NEWLAYER      R0, LT8             ; plain "pathOnly"
  0095    | SETGLOBAL     R0, G8
  0096   36 GETGLOBAL     R0, G8
  0097    | LOADK         R1, K21             ; 0.5
  0098    | SETSTYLED     R0, R1, shadowOpacity
  0099    | GETGLOBAL     R0, G8
  0100    | LOADK         R1, K2              ; 8
  0101    | SETSTYLED     R0, R1, shadowRadius
  0102    | GETGLOBAL     R0, G8
  0103    | LOADK         R1, K22             ; (4, 6)
  0104    | SETSTYLED     R0, R1, shadowOffset
  0105   32 ROOT          R0
  0106    | GETGLOBAL     R1, G8
  0107    | ADDSUBLAYER   R0, R1
  0108   37 RET
