namespace TableLoad.Reporting;

/// <summary>One property of run.json's <c>entity</c>: its name, its type (<c>Edm.Int64</c>) and its value's bytes as the service counts them.</summary>
internal sealed record RecordedProperty(string Name, string Type, int Bytes);
