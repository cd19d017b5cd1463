using MathNet.Numerics.Distributions;
using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement.Gates;

/// <summary>How one run gives a figure its interval: from its own measured seconds, as a share of its trials, or not at all.</summary>
internal abstract record FigureInterval
{
    /// <summary>The interval of <paramref name="value"/>, the figure read from <paramref name="figures"/>; null where there is none.</summary>
    public abstract ConfidenceInterval? Of(ScopeFigures figures, double? value, double level);

    /// <summary>A figure the run's blocks give no interval for.</summary>
    public sealed record None : FigureInterval
    {
        public override ConfidenceInterval? Of(ScopeFigures figures, double? value, double level) => null;
    }

    /// <summary>The interval the run's own measured seconds give (<see cref="RunConfidence"/>), once it measured enough of them.</summary>
    public sealed record OwnSeconds(Func<RunConfidence, ConfidenceInterval?> Pick) : FigureInterval
    {
        public override ConfidenceInterval? Of(ScopeFigures figures, double? value, double level) =>
            figures.Confidence is { } confidence && Pick(confidence) is { } interval ? interval with { Level = level } : null;
    }

    /// <summary>Wilson's interval for a share in percent of the trials <see cref="Trials"/> counts.</summary>
    public sealed record Share(Func<ScopeFigures, long> Trials) : FigureInterval
    {
        public override ConfidenceInterval? Of(ScopeFigures figures, double? value, double level)
        {
            var count = Trials(figures);
            if (value is not { } percent || count == 0)
            {
                return null;
            }

            var z = Normal.InvCDF(0, 1, 0.5 + (level / 2));
            var p = percent / 100;
            var z2n = z * z / count;
            var centre = (p + (z2n / 2)) / (1 + z2n);
            var half = z * Math.Sqrt((p * (1 - p) / count) + (z2n / (4 * count))) / (1 + z2n);
            return new ConfidenceInterval(Math.Max(centre - half, 0) * 100, Math.Min(centre + half, 1) * 100, level);
        }
    }
}
