namespace TableLoad.Workload;

/// <summary>What a property is without its value: its name, type and the bytes its value takes in the service.</summary>
internal readonly record struct PropertyShape(string Name, EdmType Type, int Bytes);
