print("layoutbench")
