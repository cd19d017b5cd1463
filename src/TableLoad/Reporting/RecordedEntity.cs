using TableLoad.Workload;

namespace TableLoad.Reporting;

/// <summary>
/// run.json's <c>entity</c>: the shape of the <c>--entity</c> sample (its file, each property's name, Edm type and
/// bytes as the service counts them, and their sum, the goodput unit), never its values.
/// </summary>
internal sealed record RecordedEntity(string File, int PayloadBytes, IReadOnlyList<RecordedProperty> Properties)
{
    public static RecordedEntity? Of(SampleEntity? sample)
    {
        if (sample is null)
        {
            return null;
        }

        var template = EntityTemplate.FromSample(sample);
        return new RecordedEntity(sample.File, template.PayloadBytes, [.. template.Shape.Select(p => new RecordedProperty(p.Name, p.Type.Name(), p.Bytes))]);
    }
}
