namespace TableLoad.Workload;

/// <summary>The property types the Table service stores, as its JSON format names them (<c>Edm.Int64</c>).</summary>
internal enum EdmType
{
    String,
    Int32,
    Int64,
    Double,
    Boolean,
    DateTime,
    Guid,
    Binary,
}

/// <summary>Each type's name on the wire and its value's size as the service counts an entity's size.</summary>
internal static class EdmTypes
{
    public static string Name(this EdmType type) => "Edm." + type;

    public static bool TryParse(string name, out EdmType type)
    {
        foreach (var known in Enum.GetValues<EdmType>())
        {
            if (string.Equals(name, known.Name(), StringComparison.Ordinal))
            {
                type = known;
                return true;
            }
        }

        type = default;
        return false;
    }

    /// <summary>Bytes of the value itself: strings 2 per UTF-16 unit and binaries their length (each plus 4 for its length in <see cref="EntityTemplate.ServiceSize"/>).</summary>
    public static int FixedSize(this EdmType type) => type switch
    {
        EdmType.Int32 => 4,
        EdmType.Int64 or EdmType.Double or EdmType.DateTime => 8,
        EdmType.Boolean => 1,
        EdmType.Guid => 16,
        EdmType.String or EdmType.Binary => 0,
    };

    /// <summary>Strings and binaries carry a 4-byte length beside their bytes.</summary>
    public static bool HasLength(this EdmType type) => type is EdmType.String or EdmType.Binary;

    /// <summary>Every name the service knows, for the sentence that refuses another.</summary>
    public static string Known => string.Join(", ", Enum.GetValues<EdmType>().Select(t => t.Name()));
}
