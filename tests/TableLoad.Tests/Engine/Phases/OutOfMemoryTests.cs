using TableLoad.Engine.Phases;

namespace TableLoad.Tests.Engine.Phases;

public sealed class OutOfMemoryTests
{
    [Fact]
    public void AnOutOfMemoryError_AsTheTaskLoopsRaiseIt_IsOneSentenceWithTheRemedies()
    {
        var wrapped = new AggregateException(new InvalidOperationException("a loop failed", new OutOfMemoryException()));

        foreach (var failure in new Exception[] { new OutOfMemoryException(), new AggregateException(new OutOfMemoryException()), wrapped })
        {
            var sentence = OutOfMemory.Sentence(failure);
            Assert.NotNull(sentence);
            Assert.StartsWith("TableLoad ran out of memory", sentence, StringComparison.Ordinal);
            Assert.Contains("--runtime defaults", sentence, StringComparison.Ordinal);
            Assert.DoesNotContain("\n", sentence, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void AnyOtherFailure_IsNotTakenForOne() =>
        Assert.Null(OutOfMemory.Sentence(new AggregateException(new InvalidOperationException("no"))));
}
