namespace TableLoad.Measurement;

/// <summary>Declares how a summary figure merges, so that adding a figure cannot forget its merge.</summary>
[AttributeUsage(AttributeTargets.Property)]
internal sealed class MergeAttribute(MergeRule rule) : Attribute
{
    public MergeRule Rule { get; } = rule;
}
