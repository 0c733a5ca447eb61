; calc bytecode, format 2
; source: Samples/seeds/x15_kiosk_menu.cal
.scene size 1024x768 scale 1 fps 30 duration 4 background #000000ff origin bottomLeft
.globals 5
.property "filters.pulseFilter.inputRadius" id 32768 number = 10
.property "filters.pulseFilter.inputIntensity" id 32769 number = 0.5

.constants
  K0      rect      (0, 0, 1024, 768)
  K1      rect      (0, 0, 400, 50)
  K2      number    2
  K3      number    25
  K4      color     #ffffffff
  K5      number    0
  K6      number    1
  K7      number    inf
  K8      bool      true
  K9      timing    easeInEaseOut
  K10     number    5
  K11     string    "item"
  K12     string    "Movies"
  K13     string    "Music"
  K14     string    "Podcasts"
  K15     string    "Photos"
  K16     string    "Internet"
  K17     string    "Lucida-Grande"
  K18     number    32
  K19     string    "superlayer"
  K20     number    50
  K21     number    20
  K22     number    219
  K23     string    "item0"
  K24     string    "bloom:pulseFilter"
  K25     string    "pulseAnimation"
  K26     number    3
  K27     number    4

.layer LT0 text ""

.layer LT1 plain "menu"
  frame = K0                  ; (0, 0, 1024, 768)

.layer LT2 plain "selection"
  bounds = K1                 ; (0, 0, 400, 50)
  borderWidth = K2            ; 2
  cornerRadius = K3           ; 25
  borderColor = K4            ; #ffffffff

.animation AT0 basic filters.pulseFilter.inputIntensity
  from = K5                   ; 0
  to = K2                     ; 2
  duration = K6               ; 1
  repeatCount = K7            ; inf
  autoreverses = K8           ; true
  timingFunction = K9         ; easeInEaseOut

.function F0 "main" params 0 registers 10
  0000   35 NEWLAYER      R2, LT1             ; plain "menu"
  0001    | SETGLOBAL     R2, G2
  0002    | ROOT          R2
  0003    | GETGLOBAL     R3, G2
  0004    | ADDSUBLAYER   R2, R3
  0005   37 LOADK         R2, K5              ; 0
  0006    | LOADK         R3, K10             ; 5
  0007    | FORPREP       R2..R3, R0, +35     ; -> 0043
  0008   38 NEWLAYER      R1, LT0             ; text ""
  0009    | LOADK         R4, K11             ; "item"
  0010    | MOVE          R6, R0
  0011    | CALLB         R5, R6, string
  0012    | ADD           R4, R4, R5
  0013    | SETPROP       R1, R4, name
  0014    | GETGLOBAL     R4, G2
  0015    | ADDSUBLAYER   R4, R1
  0016   39 LOADK         R5, K12             ; "Movies"
  0017    | LOADK         R6, K13             ; "Music"
  0018    | LOADK         R7, K14             ; "Podcasts"
  0019    | LOADK         R8, K15             ; "Photos"
  0020    | LOADK         R9, K16             ; "Internet"
  0021    | NEWARRAY      R4, R5, 5
  0022    | GETINDEX      R4, R4, R0
  0023    | SETPROP       R1, R4, string
  0024    | LOADK         R4, K17             ; "Lucida-Grande"
  0025    | SETPROP       R1, R4, font
  0026    | LOADK         R4, K18             ; 32
  0027    | SETPROP       R1, R4, fontSize
  0028    | LOADK         R4, K4              ; #ffffffff
  0029    | SETPROP       R1, R4, foregroundColor
  0030   40 LOADK         R4, K19             ; "superlayer"
  0031    | LOADK         R5, K6              ; 1
  0032    | LOADK         R6, K5              ; 0
  0033    | MUL           R7, R0, K20         ; 50
  0034    | ADD           R7, R7, K21         ; 20
  0035    | ADD           R7, R7, K22         ; 219
  0036    | SUB           R6, R6, R7
  0037    | CONSTRAIN     R1, R4..R6, maxY=maxY
  0038    | LOADK         R4, K19             ; "superlayer"
  0039    | LOADK         R5, K6              ; 1
  0040    | LOADK         R6, K5              ; 0
  0041    | CONSTRAIN     R1, R4..R6, midX=midX
  0042   37 FORLOOP       R2..R3, R0, -35     ; -> 0008
  0043   44 NEWLAYER      R2, LT2             ; plain "selection"
  0044    | SETGLOBAL     R2, G3
  0045    | ROOT          R2
  0046    | GETGLOBAL     R3, G3
  0047    | ADDSUBLAYER   R2, R3
  0048   46 GETGLOBAL     R2, G3
  0049    | LOADK         R3, K23             ; "item0"
  0050    | NAMED         R3, R3
  0051    | GETPRES       R3, R3, position
  0052    | SETPROP       R2, R3, position
  0053   47 GETGLOBAL     R2, G3
  0054    | LOADK         R4, K24             ; "bloom:pulseFilter"
  0055    | NEWARRAY      R3, R4, 1
  0056    | SETPROP       R2, R3, filters
  0057    | GETGLOBAL     R2, G3
  0058    | LOADK         R3, K10             ; 5
  0059    | SETPROP       R2, R3, filters.pulseFilter.inputRadius
  0060   49 GETGLOBAL     R2, G3
  0061    | ANIMNEW       R3, AT0             ; basic filters.pulseFilter.inputIntensity
  0062    | ANIMADD       R2, R3, K25         ; "pulseAnimation"
  0063   56 LOADK         R2, K5              ; 0
  0064    | SETGLOBAL     R2, G4
  0065   61 LOADK         R2, K26             ; 3
  0066    | NEWARRAY      R3, R4, 0
  0067    | SCHEDULE      R2, R3, F2          ; "at 3s"
  0068    | RET

.function F1 "changeSelectedIndex" params 1 registers 5
  0000   58 MOVE          R2, R0
  0001    | LOADK         R3, K5              ; 0
  0002    | LOADK         R4, K27             ; 4
  0003    | CALLB         R1, R2, clamp
  0004    | SETGLOBAL     R1, G4
  0005   59 GETGLOBAL     R1, G3
  0006    | LOADK         R2, K11             ; "item"
  0007    | GETGLOBAL     R4, G4
  0008    | CALLB         R3, R4, string
  0009    | ADD           R2, R2, R3
  0010    | NAMED         R2, R2
  0011    | GETPRES       R2, R2, position
  0012    | SETPROP       R1, R2, position
  0013   60 RET

.function F2 "at 3s" params 0 registers 2
  0000   61 GETGLOBAL     R1, G4
  0001    | ADD           R1, R1, K6          ; 1
  0002    | CALL          R0, 1, F1           ; "changeSelectedIndex"
  0003    | RET
