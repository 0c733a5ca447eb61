; calc bytecode, format 3
; source: Samples/physics/drop.cal
.scene size 240x180 scale 1 fps 24 duration 2 background #f4f1eaff origin topLeft
.globals 3

.constants
  K0      rect      (0, 0, 30, 30)
  K1      point     (40, 30)
  K2      number    15
  K3      color     #e63946ff
  K4      rect      (0, 0, 40, 40)
  K5      point     (180, 40)
  K6      transform [0.9396926207859084 0.3420201433256687 0 0, -0.3420201433256687 0.9396926207859084 0 0, 0 0 1 0, 0 0 0 1]
  K7      color     #1d3557ff
  K8      rect      (0, 0, 8, 8)
  K9      number    4
  K10     point     (-20, -20)
  K11     color     #2a9d8fff
  K12     enum      case 1
  K13     number    0
  K14     number    0.09
  K15     number    0.6
  K16     number    6

.layer LT0 plain "ball"
  bounds = K0                 ; (0, 0, 30, 30)
  position = K1               ; (40, 30)
  cornerRadius = K2           ; 15
  backgroundColor = K3        ; #e63946ff

.layer LT1 plain "box"
  bounds = K4                 ; (0, 0, 40, 40)
  position = K5               ; (180, 40)
  transform = K6              ; [0.9396926207859084 0.3420201433256687 0 0, -0.3420201433256687 0.9396926207859084 0 0, 0 0 1 0, 0 0 0 1]
  backgroundColor = K7        ; #1d3557ff

.layer LT2 plain "marker"
  bounds = K8                 ; (0, 0, 8, 8)
  cornerRadius = K9           ; 4
  position = K10              ; (-20, -20)
  backgroundColor = K11       ; #2a9d8fff

.behavior BT0 gravity "fall"

.behavior BT1 push "toss"
  mode = K12                  ; .instantaneous
  angle = K13                 ; 0
  magnitude = K14             ; 0.09

.behavior BT2 collision "walls"

.behavior BT3 itemBehavior "bouncy"
  elasticity = K15            ; 0.6

.function F0 "main" params 0 registers 3
  0000   12 NEWLAYER      R0, LT0             ; plain "ball"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   13 NEWLAYER      R0, LT1             ; plain "box"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   14 NEWLAYER      R0, LT2             ; plain "marker"
  0011    | SETGLOBAL     R0, G2
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015   17 GETGLOBAL     R1, G0
  0016    | GETGLOBAL     R2, G1
  0017    | NEWARRAY      R0, R1, 2
  0018    | DYNSET        R0, items, BT0      ; gravity "fall"
  0019    | LOADBOOL      R0, 1
  0020    | DYNSET        R0, active, BT0     ; gravity "fall"
  0021   18 GETGLOBAL     R1, G0
  0022    | NEWARRAY      R0, R1, 1
  0023    | DYNSET        R0, items, BT1      ; push "toss"
  0024    | LOADBOOL      R0, 1
  0025    | DYNSET        R0, active, BT1     ; push "toss"
  0026   19 GETGLOBAL     R1, G0
  0027    | GETGLOBAL     R2, G1
  0028    | NEWARRAY      R0, R1, 2
  0029    | DYNSET        R0, items, BT2      ; collision "walls"
  0030    | ROOT          R0
  0031    | GETPROP       R0, R0, bounds
  0032    | DYNSET        R0, boundary, BT2   ; collision "walls"
  0033    | LOADBOOL      R0, 1
  0034    | DYNSET        R0, active, BT2     ; collision "walls"
  0035   20 GETGLOBAL     R1, G0
  0036    | NEWARRAY      R0, R1, 1
  0037    | DYNSET        R0, items, BT3      ; itemBehavior "bouncy"
  0038    | LOADBOOL      R0, 1
  0039    | DYNSET        R0, active, BT3     ; itemBehavior "bouncy"
  0040   23 NEWARRAY      R0, R1, 0
  0041    | ONCONTACT     BT2, R0, F1         ; collision "walls", "on walls.beganContact"
  0042   27 RET

.function F1 "on walls.beganContact" params 3 registers 6
  0000   24 GETGLOBAL     R4, G0
  0001    | EQ            R3, R0, R4
  0002    | JMPIFNOT      R3, +2              ; -> 0005
  0003    | ROOT          R4
  0004    | EQ            R3, R1, R4
  0005    | JMPIFNOT      R3, +3              ; -> 0009
  0006    | GETGLOBAL     R3, G2
  0007    | GETPROP       R3, R3, position.x
  0008    | LT            R3, R3, K13         ; 0
  0009    | JMPIFNOT      R3, +10             ; -> 0020
  0010   25 TXBEGIN
  0011    | LOADBOOL      R3, 1
  0012    | TXSET         R3, disableActions
  0013    | GETGLOBAL     R3, G2
  0014    | FIELD         R4, R2, .x
  0015    | FIELD         R5, R2, .y
  0016    | SUB           R5, R5, K16         ; 6
  0017    | MKPOINT       R4, R4, R5
  0018    | SETPROP       R3, R4, position
  0019    | TXCOMMIT
  0020   27 RET
