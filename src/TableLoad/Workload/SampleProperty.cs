namespace TableLoad.Workload;

/// <summary>
/// One property of a sample entity: its name, type and value in the service's own text for that type
/// (Int64 and Double as invariant numbers, DateTime as UTC ISO 8601 with 7 decimals, Guid as "D", Binary as base64).
/// </summary>
internal sealed record SampleProperty(string Name, EdmType Type, string Value);
