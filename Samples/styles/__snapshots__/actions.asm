; calc bytecode, format 6
; source: Samples/styles/actions.cal
.scene size 200x100 scale 1 fps 10 duration 3 background #ffffffff origin topLeft
.globals 3

.constants
  K0      number    1
  K1      timing    linear
  K2      number    0.25
  K3      rect      (0, 0, 30, 30)
  K4      number    6
  K5      color     #264653ff
  K6      string    "position"
  K7      point     (20, 30)
  K8      point     (20, 70)
  K9      string    "opacity"
  K10     point     (180, 50)
  K11     number    2
  K12     number    180
  K13     number    0.3
  K14     number    20

.layer LT0 plain "slow"

.layer LT1 plain "fast"

.layer LT2 plain "stuck"

.animation AT0 basic position
  duration = K0               ; 1
  timingFunction = K1         ; linear

.animation AT1 basic position
  duration = K2               ; 0.25

.function F0 "main" params 0 registers 3
  0000   14 NEWLAYER      R0, LT0             ; plain "slow"
  0001    | SETGLOBAL     R0, G0
  0002    | GETGLOBAL     R0, G0
  0003    | LOADK         R1, K3              ; (0, 0, 30, 30)
  0004    | SETSTYLED     R0, R1, bounds
  0005    | GETGLOBAL     R0, G0
  0006    | LOADK         R1, K4              ; 6
  0007    | SETSTYLED     R0, R1, cornerRadius
  0008    | GETGLOBAL     R0, G0
  0009    | LOADK         R1, K5              ; #264653ff
  0010    | SETSTYLED     R0, R1, backgroundColor
  0011    | GETGLOBAL     R0, G0
  0012    | ANIMNEW       R1, AT0             ; basic position
  0013    | SETACTION     R0, R1, K6          ; "position"
  0014    | ROOT          R0
  0015    | GETGLOBAL     R1, G0
  0016    | ADDSUBLAYER   R0, R1
  0017    | GETGLOBAL     R0, G0
  0018    | LOADK         R1, K7              ; (20, 30)
  0019    | SETPROP       R0, R1, position
  0020   15 NEWLAYER      R0, LT1             ; plain "fast"
  0021    | SETGLOBAL     R0, G1
  0022    | GETGLOBAL     R0, G1
  0023    | LOADK         R1, K3              ; (0, 0, 30, 30)
  0024    | SETSTYLED     R0, R1, bounds
  0025    | GETGLOBAL     R0, G1
  0026    | LOADK         R1, K4              ; 6
  0027    | SETSTYLED     R0, R1, cornerRadius
  0028    | GETGLOBAL     R0, G1
  0029    | LOADK         R1, K5              ; #264653ff
  0030    | SETSTYLED     R0, R1, backgroundColor
  0031    | GETGLOBAL     R0, G1
  0032    | ANIMNEW       R1, AT0             ; basic position
  0033    | SETACTION     R0, R1, K6          ; "position"
  0034    | GETGLOBAL     R0, G1
  0035    | ANIMNEW       R1, AT1             ; basic position
  0036    | SETACTION     R0, R1, K6          ; "position"
  0037    | ROOT          R0
  0038    | GETGLOBAL     R1, G1
  0039    | ADDSUBLAYER   R0, R1
  0040    | GETGLOBAL     R0, G1
  0041    | LOADK         R1, K8              ; (20, 70)
  0042    | SETPROP       R0, R1, position
  0043   16 NEWLAYER      R0, LT2             ; plain "stuck"
  0044    | SETGLOBAL     R0, G2
  0045    | GETGLOBAL     R0, G2
  0046    | LOADK         R1, K3              ; (0, 0, 30, 30)
  0047    | SETSTYLED     R0, R1, bounds
  0048    | GETGLOBAL     R0, G2
  0049    | LOADK         R1, K4              ; 6
  0050    | SETSTYLED     R0, R1, cornerRadius
  0051    | GETGLOBAL     R0, G2
  0052    | LOADK         R1, K5              ; #264653ff
  0053    | SETSTYLED     R0, R1, backgroundColor
  0054    | GETGLOBAL     R0, G2
  0055    | ANIMNEW       R1, AT0             ; basic position
  0056    | SETACTION     R0, R1, K6          ; "position"
  0057    | GETGLOBAL     R0, G2
  0058    | LOADNIL       R1
  0059    | SETACTION     R0, R1, K9          ; "opacity"
  0060    | ROOT          R0
  0061    | GETGLOBAL     R1, G2
  0062    | ADDSUBLAYER   R0, R1
  0063    | GETGLOBAL     R0, G2
  0064    | LOADK         R1, K10             ; (180, 50)
  0065    | SETPROP       R0, R1, position
  0066   18 LOADK         R0, K0              ; 1
  0067    | NEWARRAY      R1, R2, 0
  0068    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0069   24 LOADK         R0, K11             ; 2
  0070    | NEWARRAY      R1, R2, 0
  0071    | SCHEDULE      R0, R1, F2          ; "at 2s"
  0072   27 RET

.function F1 "at 1s" params 0 registers 2
  0000   19 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K12             ; 180
  0002    | SETPROP       R0, R1, position.x
  0003   20 GETGLOBAL     R0, G1
  0004    | LOADK         R1, K12             ; 180
  0005    | SETPROP       R0, R1, position.x
  0006   21 GETGLOBAL     R0, G2
  0007    | LOADK         R1, K13             ; 0.3
  0008    | SETPROP       R0, R1, opacity
  0009   22 RET

.function F2 "at 2s" params 0 registers 2
  0000   25 GETGLOBAL     R0, G0
  0001    | LOADNIL       R1
  0002    | SETACTION     R0, R1, K6          ; "position"
  0003   26 GETGLOBAL     R0, G0
  0004    | LOADK         R1, K14             ; 20
  0005    | SETPROP       R0, R1, position.x
  0006   27 RET
