-- VM benchmark: the same loop as loop.cal.
local s = 0
for i = 0, 20000000 - 1 do
    s = s + i % 7 * 2 - 1
end
print(s)
