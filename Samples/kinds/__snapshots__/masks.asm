; calc bytecode, format 2
; source: Samples/kinds/masks.cal
.scene size 256x96 scale 1 fps 10 duration 1 background #f1faeeff origin topLeft
.globals 10

.constants
  K0      rect      (8, 16, 56, 56)
  K1      rect      (0, 0, 56, 56)
  K2      path      path(move 28, 0; line 36, 19; line 56, 21; line 41, 34; line 46, 56; line 28, 44; line 10, 56; line 15, 34; line 0, 21; line 20, 19; close)
  K3      rect      (72, 16, 56, 56)
  K4      color     #1d3557ff
  K5      rect      (0, 8, 56, 8)
  K6      color     #e9c46aff
  K7      rect      (0, 24, 56, 8)
  K8      rect      (0, 40, 56, 8)
  K9      rect      (4, 4, 24, 24)
  K10     number    12
  K11     color     #000000ff
  K12     rect      (28, 28, 24, 24)
  K13     rect      (136, 16, 56, 56)
  K14     color     #2a9d8fff
  K15     rect      (200, 16, 48, 56)
  K16     color     #e63946ff
  K17     rect      (0, 4, 48, 48)
  K18     number    24
  K19     number    1
  K20     number    0.2
  K21     color     #f4a261ff
  K22     point     (0, 0)
  K23     point     (1, 1)
  K24     color     #00000000
  K25     point     (0, 0.5)
  K26     point     (1, 0.5)
  K27     number    0.5
  K28     string    "fade"
  K29     point     (36, 28)

.layer LT0 shape ""
  frame = K1                  ; (0, 0, 56, 56)
  path = K2                   ; path(move 28, 0; line 36, 19; line 56, 21; line 41, 34; line 46, 56; line 28, 44; line 10, 56; line 15, 34; line 0, 21; line 20, 19; close)

.layer LT1 gradient "photo"
  frame = K0                  ; (8, 16, 56, 56)

.layer LT2 plain "s1"
  frame = K5                  ; (0, 8, 56, 8)
  backgroundColor = K6        ; #e9c46aff

.layer LT3 plain "s2"
  frame = K7                  ; (0, 24, 56, 8)
  backgroundColor = K6        ; #e9c46aff

.layer LT4 plain "s3"
  frame = K8                  ; (0, 40, 56, 8)
  backgroundColor = K6        ; #e9c46aff

.layer LT5 gradient ""
  frame = K1                  ; (0, 0, 56, 56)

.layer LT6 plain "stripes"
  frame = K3                  ; (72, 16, 56, 56)
  backgroundColor = K4        ; #1d3557ff

.layer LT7 plain "d1"
  frame = K9                  ; (4, 4, 24, 24)
  cornerRadius = K10          ; 12
  backgroundColor = K11       ; #000000ff

.layer LT8 plain "d2"
  frame = K12                 ; (28, 28, 24, 24)
  cornerRadius = K10          ; 12
  backgroundColor = K11       ; #000000ff

.layer LT9 plain "holes"
  frame = K1                  ; (0, 0, 56, 56)

.layer LT10 plain "dots"
  frame = K13                 ; (136, 16, 56, 56)
  backgroundColor = K14       ; #2a9d8fff

.layer LT11 plain ""
  frame = K17                 ; (0, 4, 48, 48)
  cornerRadius = K18          ; 24
  backgroundColor = K11       ; #000000ff

.layer LT12 plain "fading"
  frame = K15                 ; (200, 16, 48, 56)
  backgroundColor = K16       ; #e63946ff

.animation AT0 basic opacity
  from = K19                  ; 1
  to = K20                    ; 0.2
  duration = K19              ; 1

.function F0 "main" params 0 registers 8
  0000   11 NEWLAYER      R3, LT1             ; gradient "photo"
  0001    | SETGLOBAL     R3, G0
  0002    | ROOT          R3
  0003    | GETGLOBAL     R4, G0
  0004    | ADDSUBLAYER   R3, R4
  0005   13 GETGLOBAL     R3, G0
  0006    | LOADK         R5, K16             ; #e63946ff
  0007    | LOADK         R6, K21             ; #f4a261ff
  0008    | LOADK         R7, K14             ; #2a9d8fff
  0009    | NEWARRAY      R4, R5, 3
  0010    | SETPROP       R3, R4, colors
  0011   14 GETGLOBAL     R3, G0
  0012    | LOADK         R4, K22             ; (0, 0)
  0013    | SETPROP       R3, R4, startPoint
  0014    | GETGLOBAL     R3, G0
  0015    | LOADK         R4, K23             ; (1, 1)
  0016    | SETPROP       R3, R4, endPoint
  0017   15 NEWLAYER      R0, LT0             ; shape ""
  0018    | GETGLOBAL     R3, G0
  0019    | SETMASK       R3, R0
  0020   22 NEWLAYER      R3, LT6             ; plain "stripes"
  0021    | SETGLOBAL     R3, G1
  0022    | ROOT          R3
  0023    | GETGLOBAL     R4, G1
  0024    | ADDSUBLAYER   R3, R4
  0025   25 NEWLAYER      R3, LT2             ; plain "s1"
  0026    | SETGLOBAL     R3, G2
  0027    | GETGLOBAL     R3, G1
  0028    | GETGLOBAL     R4, G2
  0029    | ADDSUBLAYER   R3, R4
  0030   26 NEWLAYER      R3, LT3             ; plain "s2"
  0031    | SETGLOBAL     R3, G3
  0032    | GETGLOBAL     R3, G1
  0033    | GETGLOBAL     R4, G3
  0034    | ADDSUBLAYER   R3, R4
  0035   27 NEWLAYER      R3, LT4             ; plain "s3"
  0036    | SETGLOBAL     R3, G4
  0037    | GETGLOBAL     R3, G1
  0038    | GETGLOBAL     R4, G4
  0039    | ADDSUBLAYER   R3, R4
  0040   28 NEWLAYER      R1, LT5             ; gradient ""
  0041    | GETGLOBAL     R3, G1
  0042    | SETMASK       R3, R1
  0043    | LOADK         R4, K11             ; #000000ff
  0044    | LOADK         R5, K24             ; #00000000
  0045    | NEWARRAY      R3, R4, 2
  0046    | SETPROP       R1, R3, colors
  0047    | LOADK         R3, K25             ; (0, 0.5)
  0048    | SETPROP       R1, R3, startPoint
  0049    | LOADK         R3, K26             ; (1, 0.5)
  0050    | SETPROP       R1, R3, endPoint
  0051   31 NEWLAYER      R3, LT9             ; plain "holes"
  0052    | SETGLOBAL     R3, G5
  0053    | ROOT          R3
  0054    | GETGLOBAL     R4, G5
  0055    | ADDSUBLAYER   R3, R4
  0056   33 NEWLAYER      R3, LT7             ; plain "d1"
  0057    | SETGLOBAL     R3, G6
  0058    | GETGLOBAL     R3, G5
  0059    | GETGLOBAL     R4, G6
  0060    | ADDSUBLAYER   R3, R4
  0061   34 NEWLAYER      R3, LT8             ; plain "d2"
  0062    | SETGLOBAL     R3, G7
  0063    | GETGLOBAL     R3, G5
  0064    | GETGLOBAL     R4, G7
  0065    | ADDSUBLAYER   R3, R4
  0066   37 NEWLAYER      R3, LT10            ; plain "dots"
  0067    | SETGLOBAL     R3, G8
  0068    | ROOT          R3
  0069    | GETGLOBAL     R4, G8
  0070    | ADDSUBLAYER   R3, R4
  0071   40 GETGLOBAL     R3, G8
  0072    | GETGLOBAL     R4, G5
  0073    | SETMASK       R3, R4
  0074   43 LOADK         R3, K27             ; 0.5
  0075    | NEWARRAY      R4, R5, 0
  0076    | SCHEDULE      R3, R4, F1          ; "at 0.5s"
  0077   47 NEWLAYER      R3, LT12            ; plain "fading"
  0078    | SETGLOBAL     R3, G9
  0079    | ROOT          R3
  0080    | GETGLOBAL     R4, G9
  0081    | ADDSUBLAYER   R3, R4
  0082   50 NEWLAYER      R2, LT11            ; plain ""
  0083    | GETGLOBAL     R3, G9
  0084    | SETMASK       R3, R2
  0085   52 ANIMNEW       R3, AT0             ; basic opacity
  0086    | ANIMADD       R2, R3, K28         ; "fade"
  0087   54 RET

.function F1 "at 0.5s" params 0 registers 2
  0000   44 TXBEGIN
  0001    | LOADBOOL      R0, 1
  0002    | TXSET         R0, disableActions
  0003    | GETGLOBAL     R0, G5
  0004    | LOADK         R1, K29             ; (36, 28)
  0005    | SETPROP       R0, R1, position
  0006    | TXCOMMIT
  0007   45 RET
