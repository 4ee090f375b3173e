// The floor for `boxoffice --version`: a static Swift program that prints one line.
print("boxoffice 0.1.0")
