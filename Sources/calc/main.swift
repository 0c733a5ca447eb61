print("calc")
