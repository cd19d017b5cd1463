using System.Globalization;
using System.Text.Json.Serialization;

namespace TableLoad.Sweep;

/// <summary>
/// What a cell's entities are: a payload of so many bytes (<c>--entity-size</c>), or the <c>--entity</c> sample,
/// whose properties make the entity and its size. In sweep.json and sweep.csv a size is its number and the sample is empty (null).
/// </summary>
[JsonConverter(typeof(EntityShapeJsonConverter))]
internal abstract record EntityShape
{
    private EntityShape()
    {
    }

    /// <summary>The <c>--entity</c> sample, passed to every cell with the other run options.</summary>
    public static EntityShape Sample { get; } = new SampleEntity();

    public static EntityShape OfSize(int bytes) => new PayloadSize(bytes);

    /// <summary>The cell's <c>--entity-size</c>; null for the sample, which makes its own size.</summary>
    public abstract int? Bytes { get; }

    /// <summary>The shape's part of a cell's name: <c>e1024</c>, or <c>entity</c> for the sample.</summary>
    public abstract string NamePart { get; }

    /// <summary>The shape a result file wrote; a sweep written when a sample's size was 0 reads back as the sample.</summary>
    public static EntityShape FromBytes(int? bytes) => bytes is null or 0 ? Sample : OfSize(bytes.Value);

    public override string ToString() => NamePart;

    private sealed record PayloadSize(int Size) : EntityShape
    {
        public override int? Bytes => Size;

        public override string NamePart => "e" + Size.ToString(CultureInfo.InvariantCulture);

        public override string ToString() => NamePart;
    }

    private sealed record SampleEntity : EntityShape
    {
        public override int? Bytes => null;

        public override string NamePart => "entity";

        public override string ToString() => NamePart;
    }
}
